// Accounts and sessions: one schema per request and response of /api/v1/auth (SPEC §5, DESIGN §4).
// Validation messages are locale keys (namespace:key) that the web app translates.
import { z } from 'zod';
import { passkeyAssertionSchema } from './passkeys.ts';
import { secretText } from './text.ts';

export const passwordMinLength = 6;
export const codeLength = 6;

export const emailSchema = z
  .email('auth:errors.emailInvalid')
  .max(254, 'auth:errors.emailInvalid')
  .transform((value) => value.trim().toLowerCase());

export const passwordSchema = secretText('auth:errors.passwordTooShort')
  .min(passwordMinLength, 'auth:errors.passwordTooShort')
  .max(256, 'auth:errors.passwordTooLong');

/** Exactly six digits (the verification dialog keeps only digits, at most six). */
export const codeSchema = z
  .string('auth:errors.codeInvalid')
  .regex(/^\d{6}$/, 'auth:errors.codeInvalid');

/** An authenticator-app code, or a recovery code (xxxxx-xxxxx). */
export const totpSchema = z
  .string('auth:errors.totpInvalid')
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, 'auth:errors.totpInvalid');

export const signUpSchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export const signUpResendSchema = z.strictObject({ email: emailSchema });
export const signUpVerifySchema = z.strictObject({ email: emailSchema, code: codeSchema });

export const signInSchema = z.strictObject({
  email: emailSchema,
  password: secretText('auth:errors.passwordRequired')
    .min(1, 'auth:errors.passwordRequired')
    .max(256),
  totp: totpSchema.optional(),
  /** The account's passkey as the second factor (PASSKEY_REQUIRED, or TOTP_REQUIRED with passkeys). */
  passkey: passkeyAssertionSchema.optional(),
});

/** A reset or impersonation token as the server issues it: base64url (auth/secrets.ts). */
const linkTokenSchema = z.string().regex(/^[\w-]{20,200}$/);

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetCompleteSchema = z.strictObject({
  token: linkTokenSchema,
  password: passwordSchema,
  /** Needed when the account has two-factor on (the answer is TOTP_REQUIRED without it). */
  totp: totpSchema.optional(),
  /** Needed when a passkey is the account's only second factor (else PASSKEY_REQUIRED). */
  passkey: passkeyAssertionSchema.optional(),
});

export const passwordResetCheckSchema = z.strictObject({ token: linkTokenSchema });
/**
 * A reset link that still works; with two-factor on, its form asks for the code from the start,
 * and with a passkey as the only second factor, for the passkey.
 */
export const passwordResetLinkSchema = z.object({
  requiresTotp: z.boolean(),
  requiresPasskey: z.boolean(),
});
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

export const changePasswordSchema = z.strictObject({
  currentPassword: secretText('auth:errors.passwordRequired')
    .min(1, 'auth:errors.passwordRequired')
    .max(256),
  newPassword: passwordSchema,
});

export const totpCodeSchema = z.strictObject({ code: totpSchema });

/**
 * The password again, before a change of security settings (ASVS re-authentication): turning
 * two-factor on and ending sessions need a session whose password was given in the last
 * `confirmationLifetimeMs` (its sign-in counts), else they answer REAUTH_REQUIRED.
 */
export const confirmPasswordSchema = z.strictObject({
  password: secretText('auth:errors.passwordRequired')
    .min(1, 'auth:errors.passwordRequired')
    .max(256),
});
/** How long a password given (at sign-in or to confirm) lets security settings change. */
export const confirmationLifetimeMs = 10 * 60_000;

export const sessionUserSchema = z.object({ id: z.uuid(), email: z.string() });

export const sessionSchema = z.object({
  user: sessionUserSchema,
  isAdmin: z.boolean(),
  /** The staff member viewing this account, when the session is an impersonation. */
  impersonatedBy: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  /** An authenticator app is on. */
  hasTwoFactor: z.boolean(),
  /** The account has a passkey: a second factor of its own, and one that signs in alone. */
  hasPasskey: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
/** Who is signed in, for pages anyone may open: nobody is an answer (null), not a refusal. */
export const currentSessionSchema = z.object({ session: sessionSchema.nullable() });
export type CurrentSession = z.infer<typeof currentSessionSchema>;

export const sessionListItemSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
  isImpersonation: z.boolean(),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const impersonationLinkSchema = z.object({ actionLink: z.string() });
export const impersonationCompleteSchema = z.strictObject({ token: linkTokenSchema });
/** Ending an impersonation gives the staff member their own session back when it is still live. */
export const impersonationEndSchema = z.object({ session: sessionSchema.nullable() });

/** Admin: set a customer's password (SPEC §5 "Admin password reset"). */
export const adminResetPasswordSchema = z.strictObject({ newPassword: passwordSchema });

/** The body of a 202 answer: the request was taken; what happens next arrives by email. */
export const acceptedSchema = z.object({ accepted: z.literal(true) });

export const sessionListSchema = z.array(sessionListItemSchema);

/** Account numbers: 10 digits, the last a Luhn check digit (DESIGN §4). */
export const accountNumberLength = 10;

/** The Luhn check digit for a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts with the rightmost payload digit, the one beside the check digit.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 10 digits whose last digit is the Luhn check digit of the first nine. */
export function isValidAccountNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/** Auth-specific error codes the web app turns into SPEC §8 texts. */
export const authErrorCodes = [
  'TOTP_REQUIRED',
  'INVALID_CREDENTIALS',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_TOO_SOON',
  'EMAIL_TAKEN',
  'TOKEN_INVALID',
  'STAFF_2FA_REQUIRED',
  'STAFF_SECOND_FACTOR_REQUIRED',
  'IMPERSONATION_FORBIDDEN',
  'TOTP_INVALID',
  'PASSWORD_INCORRECT',
  'PASSKEY_INVALID',
  'PASSKEY_REQUIRED',
  'STAFF_PASSKEY_REQUIRED',
] as const;
