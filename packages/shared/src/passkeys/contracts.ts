// Passkeys' operations (issue 28): the account's passkeys (list, register, remove, each change of
// them a security notice), and signing in or confirming with one. A passkey answers a challenge
// the server issued for it a moment before (passkey/options): each challenge is answered once.
import { defineContract } from '../contract.ts';
import { noBody, noContent } from '../contract-schemas.ts';
import { sessionSchema } from '../auth.ts';
import {
  addPasskeySchema,
  passkeyAnswerSchema,
  passkeyListSchema,
  passkeyCreationOptionsSchema,
  passkeyParamsSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from '../passkeys.ts';

const tag = 'passkeys';

export const getPasskeys = defineContract({
  method: 'GET',
  path: '/api/v1/me/passkeys',
  access: 'user',
  tag,
  summary: 'Your passkeys, oldest first, with when each was last used',
  status: 200,
  response: passkeyListSchema,
  errors: [],
});

export const passkeyRegistrationOptions = defineContract({
  method: 'POST',
  path: '/api/v1/me/passkeys/options',
  access: 'user',
  tag,
  summary: 'Start registering a passkey: the options for navigator.credentials.create()',
  description:
    'Needs the password (or a passkey) given in the last 10 minutes, else REAUTH_REQUIRED. Passkeys already registered are excluded, so one authenticator is not registered twice.',
  body: noBody,
  status: 200,
  response: passkeyCreationOptionsSchema,
  errors: ['REAUTH_REQUIRED'],
  refusesImpersonation: true,
  changes: [],
});

export const addPasskey = defineContract({
  method: 'POST',
  path: '/api/v1/me/passkeys',
  access: 'user',
  tag,
  summary: 'Register the passkey the browser made for the options, under a name',
  description:
    'The answer must be to a registration challenge of this account, from this site (origin and RP ID), with the user verified. A passkey added is a security notice, mailed.',
  body: addPasskeySchema,
  status: 201,
  response: passkeySchema,
  errors: ['REAUTH_REQUIRED', 'PASSKEY_INVALID', 'CONFLICT'],
  refusesImpersonation: true,
  changes: ['passkeys', 'session', 'notifications'],
});

export const removePasskey = defineContract({
  method: 'DELETE',
  path: '/api/v1/me/passkeys/:id',
  access: 'user',
  tag,
  summary: 'Remove one of your passkeys',
  description:
    'Needs the password (or a passkey) given in the last 10 minutes. Another account’s passkey is NOT_FOUND. A passkey removed is a security notice, mailed.',
  params: passkeyParamsSchema,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND', 'REAUTH_REQUIRED'],
  refusesImpersonation: true,
  changes: ['passkeys', 'session', 'notifications'],
});

export const passkeyChallenge = defineContract({
  method: 'POST',
  path: '/api/v1/auth/passkey/options',
  access: 'public',
  tag,
  summary:
    'A challenge to sign in or confirm with a passkey: options for navigator.credentials.get()',
  description:
    'Names no account: the browser offers the passkeys it holds for this site. The challenge may be answered once, within five minutes.',
  body: noBody,
  status: 200,
  response: passkeyRequestOptionsSchema,
  errors: [],
  changes: [],
});

// Puts another session in the browser: no `changes` (changes.test.ts).
export const signInWithPasskey = defineContract({
  method: 'POST',
  path: '/api/v1/auth/passkey/sign-in',
  access: 'public',
  tag,
  summary: 'Sign in with a passkey alone (it is both factors: the device and its lock)',
  body: passkeyAnswerSchema,
  status: 200,
  response: sessionSchema,
  errors: ['PASSKEY_INVALID'],
});

export const confirmWithPasskey = defineContract({
  method: 'POST',
  path: '/api/v1/auth/confirm-passkey',
  access: 'user',
  tag,
  summary:
    'Confirm it is you with one of your passkeys, as confirm-password does with the password',
  body: passkeyAnswerSchema,
  status: 204,
  response: noContent,
  errors: ['PASSKEY_INVALID'],
  refusesImpersonation: true,
  changes: [],
});
