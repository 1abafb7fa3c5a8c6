// Passkeys (WebAuthn, issue 28): what the browser sends back from `navigator.credentials` in the
// JSON form @simplewebauthn/browser makes of it, checked for shape and size here and for meaning
// (signature, origin, RP ID, counter) on the server by @simplewebauthn/server. A passkey signs
// in alone, stands as the second factor after a password, and confirms a change of security
// settings as the password does.
import { z } from 'zod';
import { singleLineText } from './text.ts';

export const passkeyNameMaxLength = 64;
/** Why a challenge was issued: to register a new passkey, or to sign in or confirm with one. */
export const passkeyChallengePurposes = ['register', 'authenticate'] as const;
/** How long a challenge may be answered: the browser's own prompt times out first (60 s). */
export const passkeyChallengeLifetimeMs = 5 * 60_000;

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[\w-]*$/)
    .min(1)
    .max(max);

/** Extensions' results are the browser's, not the customer's: kept small and never read. */
const clientExtensionResults = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 2_000, 'too large');

export const passkeyAssertionSchema = z.strictObject({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(4_000),
    userHandle: base64url(200).exactOptional(),
  }),
  clientExtensionResults,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).exactOptional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

export const passkeyAttestationSchema = z.strictObject({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(4_000).exactOptional(),
    transports: z.array(z.string().max(32)).max(10).exactOptional(),
    publicKeyAlgorithm: z.number().int().exactOptional(),
    publicKey: base64url(4_000).exactOptional(),
  }),
  clientExtensionResults,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).exactOptional(),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

export const passkeyNameSchema = singleLineText('settings:passkeys.errors.name')
  .min(1, 'settings:passkeys.errors.name')
  .max(passkeyNameMaxLength, 'settings:passkeys.errors.nameTooLong');

export const addPasskeySchema = z.strictObject({
  name: passkeyNameSchema,
  credential: passkeyAttestationSchema,
});

/** Signing in with a passkey alone, or confirming with one. */
export const passkeyAnswerSchema = z.strictObject({ credential: passkeyAssertionSchema });

const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).exactOptional(),
});
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).exactOptional();

/**
 * The options a browser passes to `navigator.credentials.get()` (PublicKeyCredentialRequest-
 * OptionsJSON), as @simplewebauthn/server makes them and @simplewebauthn/browser reads them.
 */
export const passkeyRequestOptionsSchema = z.object({
  options: z.object({
    challenge: z.string(),
    timeout: z.number().exactOptional(),
    rpId: z.string().exactOptional(),
    allowCredentials: z.array(credentialDescriptor).exactOptional(),
    userVerification: userVerification.exactOptional(),
    hints,
  }),
});

/** …and to `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  options: z.object({
    rp: z.object({ name: z.string(), id: z.string().exactOptional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().exactOptional(),
    excludeCredentials: z.array(credentialDescriptor).exactOptional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).exactOptional(),
        requireResidentKey: z.boolean().exactOptional(),
        residentKey: z.enum(['required', 'preferred', 'discouraged']).exactOptional(),
        userVerification: userVerification.exactOptional(),
      })
      .exactOptional(),
    hints,
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).exactOptional(),
    /** Asks whether the passkey was made discoverable (credProps). */
    extensions: z.object({ credProps: z.boolean().exactOptional() }).exactOptional(),
  }),
});

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  isBackedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);

export const passkeyParamsSchema = z.strictObject({ id: z.uuid() });
