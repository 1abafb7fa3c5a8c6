// The second step of signing in for accounts with two-factor on: an authenticator code (each
// 30-second step accepted once) or one of the ten recovery codes (each accepted once).
//
// A recovery code is kept as a keyed hash, which no key rotation can redo without the code: it
// is stored as `<key id>:<HMAC>` (before rotation existed, as the bare HMAC), and checked
// against every configured key, so codes made under a previous key work as long as that key
// stays in DATA_KEY_PREVIOUS (decision 024).
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { allDataKeys, type DataKey, type DataKeys } from './data-keys.ts';
import { keyedHash, unseal } from './secrets.ts';
import { matchTotp } from './totp.ts';

export const recoveryCodeCount = 10;
// No 0/o, 1/l/i: a code copied from paper should not be misread.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export function generateRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 10; i++) raw += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

function recoveryCodeHmac(key: Buffer, userId: string, code: string): string {
  return keyedHash(key, `recovery:${userId}:${code.trim().toLowerCase()}`);
}

/** What is stored for a recovery code: the id of the key and the HMAC under it. */
export function recoveryCodeHash(key: DataKey, userId: string, code: string): string {
  return `${key.id}:${recoveryCodeHmac(key.key, userId, code)}`;
}

/** Every stored form `code` may have under the configured keys, named or bare. */
function recoveryCodeHashes(keys: DataKeys, userId: string, code: string): string[] {
  return allDataKeys(keys).flatMap((key) => {
    const hmac = recoveryCodeHmac(key.key, userId, code);
    return [`${key.id}:${hmac}`, hmac];
  });
}

/** Replaces a user's recovery codes with ten new ones and returns them (shown once). */
export async function replaceRecoveryCodes(
  db: Db,
  key: DataKey,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, generateRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(key, userId, code),
      createdAt: now,
    })),
  );
  return codes;
}

export interface TwoFactorUser {
  id: string;
  totpSecret: string | null;
  totpLastStep: number | null;
}

/**
 * Accepts an authenticator code or an unused recovery code and uses it up, in the caller's
 * transaction; returns which it was, or null.
 */
export async function useSecondFactor(
  db: Db,
  keys: DataKeys,
  user: TwoFactorUser,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery_code' | null> {
  if (!user.totpSecret) return null;
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(unseal(keys, user.totpSecret), code, now, user.totpLastStep);
    if (step === null) return null;
    // Conditional on the last step, so the same code cannot win twice even concurrently.
    const updated = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return updated.length > 0 ? 'totp' : null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        inArray(recoveryCodes.codeHash, recoveryCodeHashes(keys, user.id, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery_code' : null;
}
