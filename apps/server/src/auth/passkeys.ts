// Passkeys (WebAuthn, issue 28): the challenges the server issues and the checks of what comes
// back. Every check of meaning — the signature, the origin and RP ID, the user verified, the
// counter — is @simplewebauthn/server's; this module keeps the challenges single-use and the
// counters moving forward.
//
// A challenge is taken (deleted) by the first answer that names it, in the transaction that acts
// on the answer: a replayed answer finds no challenge. An answer that fails still uses its
// challenge up. The counter is written only forward; an authenticator that keeps none (always 0)
// is allowed by the library, one whose counter went back is a clone and is refused.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  type PasskeyAssertion,
  type PasskeyAttestation,
  passkeyChallengeLifetimeMs,
  type passkeyChallengePurposes,
} from '@secure-vault/shared/passkeys';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { passkeyChallenges, passkeys } from '../db/passkeys-schema.ts';
import { AppError } from '../errors.ts';
import { writeAudit } from './audit.ts';
import { limits, recordHits, forgetHits } from './rate-limit.ts';
import type { RequestMeta } from './request-meta.ts';

export const passkeyInvalid = () =>
  new AppError('PASSKEY_INVALID', 'That passkey could not be verified. Please try again.');

type Purpose = (typeof passkeyChallengePurposes)[number];

/** How long the browser's own prompt waits for the customer. */
const promptTimeoutMs = 60_000;

export interface RelyingParty {
  /** The RP ID: the site's host name, which every passkey is bound to. */
  id: string;
  name: string;
  /** The origins an answer may come from: the site's own (and the dev server's in development). */
  origins: string[];
}

export function relyingPartyOf(config: Pick<Config, 'appUrl' | 'nodeEnv'>): RelyingParty {
  const url = new URL(config.appUrl);
  const origins = [url.origin];
  // `npm run dev` serves the pages from Vite and proxies /api to the server.
  if (config.nodeEnv === 'development') origins.push(`${url.protocol}//${url.hostname}:5173`);
  return { id: url.hostname, name: 'Secure Vault', origins };
}

/**
 * An answer as the library reads it. Its extension results are the browser's own report and are
 * never relied on: passed on empty, they cannot carry anything into a check.
 */
function libraryForm<Answer extends { clientExtensionResults: unknown }>(
  answer: Answer,
): Omit<Answer, 'clientExtensionResults'> & { clientExtensionResults: Record<never, never> } {
  return { ...answer, clientExtensionResults: {} };
}

/**
 * The options as JSON carries them: the library leaves unset fields as `undefined`, which the
 * contract's schema (like JSON itself) does not know.
 */
function asSent<Options extends object>(options: Options): Options {
  dropUndefined(options);
  return options;
}

function dropUndefined(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropUndefined(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) Reflect.deleteProperty(value, key);
      else dropUndefined(field);
    }
  }
}

/** The WebAuthn user handle: the account id's 16 bytes, which name nobody outside the server. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + passkeyChallengeLifetimeMs),
  });
}

/**
 * Takes the challenge an answer names, if it was issued for this purpose (and this account),
 * is unexpired and not yet taken; false otherwise.
 */
async function takeChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge === '') return null;
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length > 0 ? challenge : null;
}

/**
 * Options to sign in or confirm with a passkey. They name no account (the browser offers the
 * passkeys it holds for this site); issuing is limited per address, which bounds the answers
 * anyone can try, since each needs a challenge of its own.
 */
export async function authenticationOptions(
  ctx: AppContext,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const now = ctx.clock.now();
  const attempt = await recordHits(ctx.db, ctx.config.dataKey, now, [
    { limit: limits.passkeyChallengeIp, value: meta.ip },
  ]);
  if (attempt.over.length > 0) {
    await forgetHits(ctx.db, attempt.ids);
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');
  }
  const rp = relyingPartyOf(ctx.config);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: promptTimeoutMs,
  });
  await keepChallenge(ctx.db, options.challenge, 'authenticate', null, now);
  return asSent(options);
}

/** Options to register a new passkey for `user`, excluding the ones it already has. */
export async function registrationOptions(
  ctx: AppContext,
  user: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const now = ctx.clock.now();
  const existing = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .orderBy(asc(passkeys.createdAt));
  const rp = relyingPartyOf(ctx.config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    excludeCredentials: existing,
    // Discoverable, so it can sign in with no email typed; verified (a PIN, a fingerprint), so
    // it is both factors at once.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // What every passkey provider makes (Ed25519, P-256, RSA): the post-quantum ones the library
    // also offers rest on Node's experimental WebCrypto, and no provider needs them yet.
    supportedAlgorithmIDs: [-8, -7, -257],
    timeout: promptTimeoutMs,
  });
  await keepChallenge(ctx.db, options.challenge, 'register', user.id, now);
  return asSent(options);
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  isBackedUp: boolean;
}

/** Checks a registration answer for `userId`'s challenge, taking it; null when it does not verify. */
export async function verifyRegistration(
  ctx: AppContext,
  db: Db,
  userId: string,
  credential: PasskeyAttestation,
  now: Date,
): Promise<NewPasskey | null> {
  const challenge = await takeChallenge(
    db,
    credential.response.clientDataJSON,
    'register',
    userId,
    now,
  );
  if (!challenge) return null;
  const rp = relyingPartyOf(ctx.config);
  try {
    const result = await verifyRegistrationResponse({
      response: libraryForm(credential),
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      isBackedUp: info.credentialBackedUp,
    };
  } catch {
    return null;
  }
}

export interface UsedPasskey {
  userId: string;
  passkeyId: string;
}

/**
 * Checks a sign-in or confirmation answer and records its use, in the caller's transaction;
 * null when it does not verify. `userId`, when given, is the account it must belong to (the
 * second factor of a password just checked, or the session confirming). A refusal past the
 * challenge (a cloned key, another site, a bad signature) is written to the audit log.
 */
export async function usePasskey(
  ctx: AppContext,
  db: Db,
  assertion: PasskeyAssertion,
  { userId, meta, now }: { userId: string | null; meta: Pick<RequestMeta, 'ip'>; now: Date },
): Promise<UsedPasskey | null> {
  const challenge = await takeChallenge(
    db,
    assertion.response.clientDataJSON,
    'authenticate',
    null,
    now,
  );
  if (!challenge) return null;
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, assertion.id))
    .for('update');
  if (!stored || (userId !== null && stored.userId !== userId)) return null;
  const rp = relyingPartyOf(ctx.config);
  let newCounter: number;
  let isBackedUp: boolean;
  try {
    const result = await verifyAuthenticationResponse({
      response: libraryForm(assertion),
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: Uint8Array.from(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      },
    });
    if (!result.verified) throw new Error('not verified');
    newCounter = result.authenticationInfo.newCounter;
    isBackedUp = result.authenticationInfo.credentialBackedUp;
  } catch (error) {
    await writeAudit(db, {
      action: 'auth.passkey_refused',
      actorId: null,
      subjectUserId: stored.userId,
      ip: meta.ip,
      details: { passkey: stored.name, reason: error instanceof Error ? error.message : 'failed' },
      at: now,
    });
    return null;
  }
  await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now, isBackedUp })
    .where(eq(passkeys.id, stored.id));
  return { userId: stored.userId, passkeyId: stored.id };
}

/** Whether `userId` has a passkey, so a password alone does not sign them in. */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
