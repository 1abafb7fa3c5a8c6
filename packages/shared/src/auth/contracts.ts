// Accounts and security's operations (/api/v1/auth): sign-up with an emailed code, sign-in and
// sign-out, the session, password reset by emailed link, impersonation links, and what a
// signed-in customer manages (password, sessions, two-factor), which an impersonating staff
// member may not touch (DESIGN §4). Every answer is sent with `cache-control: no-store`.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { noBody, noContent } from '../contract-schemas.ts';
import {
  acceptedSchema,
  changePasswordSchema,
  confirmPasswordSchema,
  currentSessionSchema,
  impersonationCompleteSchema,
  impersonationEndSchema,
  passwordResetCheckSchema,
  passwordResetCompleteSchema,
  passwordResetLinkSchema,
  passwordResetRequestSchema,
  recoveryCodesSchema,
  sessionListSchema,
  sessionSchema,
  signInSchema,
  signUpResendSchema,
  signUpSchema,
  signUpVerifySchema,
  totpCodeSchema,
  totpSetupSchema,
} from '../auth.ts';

const tag = 'auth';

export const signUp = defineContract({
  method: 'POST',
  path: '/api/v1/auth/sign-up',
  access: 'public',
  tag,
  summary: 'Start a sign-up: a 6-digit code is emailed (an existing account gets a notice instead)',
  body: signUpSchema,
  status: 202,
  response: acceptedSchema,
  errors: ['CODE_TOO_SOON'],
  changes: [],
});

export const resendSignUpCode = defineContract({
  method: 'POST',
  path: '/api/v1/auth/sign-up/resend',
  access: 'public',
  tag,
  summary: 'Email a new sign-up code (no sooner than 60 s after the last)',
  body: signUpResendSchema,
  status: 202,
  response: acceptedSchema,
  errors: ['CODE_TOO_SOON'],
  changes: [],
});

// Puts another session (or none) in the browser: no `changes` (changes.test.ts).
export const verifySignUp = defineContract({
  method: 'POST',
  path: '/api/v1/auth/sign-up/verify',
  access: 'public',
  tag,
  summary: 'Verify the emailed code: creates the account and signs in',
  body: signUpVerifySchema,
  status: 201,
  response: sessionSchema,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'EMAIL_TAKEN'],
});

// Puts another session (or none) in the browser: no `changes` (changes.test.ts).
export const signIn = defineContract({
  method: 'POST',
  path: '/api/v1/auth/sign-in',
  access: 'public',
  tag,
  summary:
    'Sign in with email and password, then the second factor when the account has one: an authenticator or recovery code, or a passkey',
  description:
    'TOTP_REQUIRED when the account has an authenticator app (its details say passkey: offered when a passkey would do too), PASSKEY_REQUIRED when its second factor is a passkey: send the same body again with `totp` or `passkey` (an answer to passkey/options).',
  body: signInSchema,
  status: 200,
  response: sessionSchema,
  errors: [
    'INVALID_CREDENTIALS',
    'TOTP_REQUIRED',
    'TOTP_INVALID',
    'PASSKEY_REQUIRED',
    'PASSKEY_INVALID',
  ],
});

// Puts another session (or none) in the browser: no `changes` (changes.test.ts).
export const signOut = defineContract({
  method: 'POST',
  path: '/api/v1/auth/sign-out',
  access: 'public',
  tag,
  summary: 'End this session',
  body: noBody,
  status: 204,
  response: noContent,
  errors: [],
});

export const getSession = defineContract({
  method: 'GET',
  path: '/api/v1/auth/session',
  access: 'user',
  tag,
  summary: 'The signed-in user',
  status: 200,
  response: sessionSchema,
  errors: [],
});

export const getCurrentSession = defineContract({
  method: 'GET',
  path: '/api/v1/auth/current-session',
  access: 'public',
  tag,
  summary: 'Who is signed in, or null: for pages anyone may open',
  description:
    'The same session as `GET /auth/session`, but nobody signed in is `{"session": null}` rather than 401, so a signed-out page has no failed request.',
  status: 200,
  response: currentSessionSchema,
  errors: [],
});

export const requestPasswordReset = defineContract({
  method: 'POST',
  path: '/api/v1/auth/password-reset',
  access: 'public',
  tag,
  summary: 'Email a password reset link (the same answer whether or not the account exists)',
  body: passwordResetRequestSchema,
  status: 202,
  response: acceptedSchema,
  errors: [],
  changes: [],
});

export const checkPasswordResetLink = defineContract({
  method: 'POST',
  path: '/api/v1/auth/password-reset/check',
  access: 'public',
  tag,
  summary: 'Whether a reset link still works (nothing is used up)',
  description:
    'TOKEN_INVALID when the link is unknown, used or expired; `requiresTotp` when the account will ask for its authenticator code.',
  body: passwordResetCheckSchema,
  status: 200,
  response: passwordResetLinkSchema,
  errors: ['TOKEN_INVALID'],
  // Reads only: the token travels in a body, not in a URL that logs would keep.
  changes: [],
});

// Puts another session (or none) in the browser: no `changes` (changes.test.ts).
export const completePasswordReset = defineContract({
  method: 'POST',
  path: '/api/v1/auth/password-reset/complete',
  access: 'public',
  tag,
  summary: 'Set a new password from a reset link: ends every session, then signs in',
  body: passwordResetCompleteSchema,
  status: 200,
  response: sessionSchema,
  errors: ['TOKEN_INVALID', 'TOTP_REQUIRED', 'TOTP_INVALID', 'PASSKEY_REQUIRED', 'PASSKEY_INVALID'],
});

// Puts another session (or none) in the browser: no `changes` (changes.test.ts).
export const completeImpersonation = defineContract({
  method: 'POST',
  path: '/api/v1/auth/impersonation/complete',
  access: 'public',
  tag,
  summary: 'Open the customer session of a one-time impersonation link',
  body: impersonationCompleteSchema,
  status: 200,
  response: sessionSchema,
  errors: ['TOKEN_INVALID'],
});

// Puts another session (or none) in the browser: no `changes` (changes.test.ts).
export const endImpersonation = defineContract({
  method: 'POST',
  path: '/api/v1/auth/impersonation/end',
  access: 'user',
  tag,
  summary: "End the impersonation; gives back the staff member's own session when it is still live",
  body: noBody,
  status: 200,
  response: impersonationEndSchema,
  errors: ['CONFLICT'],
});

export const changePassword = defineContract({
  method: 'POST',
  path: '/api/v1/auth/password',
  access: 'user',
  tag,
  summary: 'Change the password: every other session ends',
  body: changePasswordSchema,
  status: 204,
  response: noContent,
  errors: ['PASSWORD_INCORRECT'],
  refusesImpersonation: true,
  changes: ['sessions'],
});

export const confirmPassword = defineContract({
  method: 'POST',
  path: '/api/v1/auth/confirm-password',
  access: 'user',
  tag,
  summary: 'Give the password again, so this session may change security settings for a while',
  description:
    'Turning two-factor on and ending sessions answer REAUTH_REQUIRED when the session’s password was last given (at sign-in or here) more than 10 minutes ago. A wrong password is PASSWORD_INCORRECT; tries are limited per account and per address.',
  body: confirmPasswordSchema,
  status: 204,
  response: noContent,
  errors: ['PASSWORD_INCORRECT'],
  refusesImpersonation: true,
  changes: [],
});

export const getSessions = defineContract({
  method: 'GET',
  path: '/api/v1/auth/sessions',
  access: 'user',
  tag,
  summary: 'Live sessions, newest first',
  status: 200,
  response: sessionListSchema,
  errors: [],
});

export const revokeSession = defineContract({
  method: 'DELETE',
  path: '/api/v1/auth/sessions/:id',
  access: 'user',
  tag,
  summary: 'End one of your sessions',
  params: z.strictObject({ id: z.uuid() }),
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND', 'REAUTH_REQUIRED'],
  refusesImpersonation: true,
  changes: ['sessions'],
});

export const revokeOtherSessions = defineContract({
  method: 'POST',
  path: '/api/v1/auth/sessions/revoke-others',
  access: 'user',
  tag,
  summary: 'End every session but this one',
  body: noBody,
  status: 204,
  response: noContent,
  errors: ['REAUTH_REQUIRED'],
  refusesImpersonation: true,
  changes: ['sessions'],
});

export const setUpTwoFactor = defineContract({
  method: 'POST',
  path: '/api/v1/auth/totp/setup',
  access: 'user',
  tag,
  summary: 'Start two-factor set-up: a new authenticator secret (confirmed by totp/enable)',
  body: noBody,
  status: 200,
  response: totpSetupSchema,
  errors: ['CONFLICT', 'REAUTH_REQUIRED'],
  refusesImpersonation: true,
  // The new secret is not in use until totp/enable confirms it.
  changes: [],
});

export const enableTwoFactor = defineContract({
  method: 'POST',
  path: '/api/v1/auth/totp/enable',
  access: 'user',
  tag,
  summary: 'Turn two-factor on with a first code; returns ten recovery codes, shown once',
  body: totpCodeSchema,
  status: 200,
  response: recoveryCodesSchema,
  errors: ['CONFLICT', 'TOTP_INVALID'],
  refusesImpersonation: true,
  changes: ['session'],
});

export const disableTwoFactor = defineContract({
  method: 'POST',
  path: '/api/v1/auth/totp/disable',
  access: 'user',
  tag,
  summary: 'Turn two-factor off with an authenticator or recovery code',
  body: totpCodeSchema,
  status: 204,
  response: noContent,
  errors: ['CONFLICT', 'TOTP_INVALID'],
  refusesImpersonation: true,
  changes: ['session'],
});
