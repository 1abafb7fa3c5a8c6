// Emailed one-time codes (DESIGN §4): 6 digits from a CSPRNG, stored as a keyed hash bound to
// purpose and address, 10 minutes, single use, at most 5 wrong tries, a new one no sooner than
// 60 s after the last, and per-address and per-IP send limits. Used by sign-up now and by KYC and
// bank registration later.
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { type codePurposes, codeSends, oneTimeCodes } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { limits, recordHits, unknownAddress } from './rate-limit.ts';
import { equalHashes, keyedHash } from './secrets.ts';

/** One of codePurposes (db/schema.ts), which the database's check is built from. */
export type CodePurpose = (typeof codePurposes)[number];

export const codeLifetimeMs = 10 * 60_000;
export const codeMaxAttempts = 5;
export const codeResendAfterMs = 60_000;

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'exhausted';

function codeHash(dataKey: Buffer, purpose: CodePurpose, email: string, code: string): string {
  return keyedHash(dataKey, `code:${purpose}:${email}:${code}`);
}

/**
 * Takes the right to send a code now, or throws CODE_TOO_SOON (under 60 s since the last send for
 * this purpose and address) or RATE_LIMITED. A refused request leaves no trace, so it does not
 * count against the limits. Call it the same way whether or not the address has an account.
 */
export async function claimCodeSend(
  ctx: AppContext,
  { purpose, email, ip }: { purpose: CodePurpose; email: string; ip: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // One statement decides the 60-second rule, so two concurrent requests cannot both pass.
    const claimed = await tx
      .insert(codeSends)
      .values({ purpose, email, lastSentAt: now })
      .onConflictDoUpdate({
        target: [codeSends.purpose, codeSends.email],
        set: { lastSentAt: now },
        setWhere: lte(codeSends.lastSentAt, new Date(now.getTime() - codeResendAfterMs)),
      })
      .returning({ email: codeSends.email });
    if (claimed.length === 0) {
      throw new AppError('CODE_TOO_SOON', 'Please wait a minute before asking for another code.');
    }
    const hits = await recordHits(tx, ctx.config.dataKey, now, [
      { limit: limits.codeSendEmail, value: `${purpose}:${email}` },
      { limit: limits.codeSendIp, value: `${purpose}:${ip ?? unknownAddress}` },
    ]);
    if (hits.over.length > 0)
      throw new AppError('RATE_LIMITED', 'Too many codes were requested. Please try again later.');
  });
}

/** Issues a new code (any earlier one for the same purpose and address stops working). */
export async function issueCode(
  db: Db,
  dataKey: Buffer,
  { purpose, email, now }: { purpose: CodePurpose; email: string; now: Date },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.email, email),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    purpose,
    email,
    codeHash: codeHash(dataKey, purpose, email, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + codeLifetimeMs),
  });
  return code;
}

/**
 * Checks a code against the live one for this purpose and address, counting a wrong try. Run it
 * in a transaction that commits even when the answer is not 'ok' (so wrong tries are counted),
 * and throw only after it: see codeError.
 */
export async function checkCode(
  db: Db,
  dataKey: Buffer,
  { purpose, email, code, now }: { purpose: CodePurpose; email: string; code: string; now: Date },
): Promise<CodeCheck> {
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.email, email),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if (!live) return 'invalid';
  if (live.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (live.attempts >= codeMaxAttempts) return 'exhausted';
  if (!equalHashes(live.codeHash, codeHash(dataKey, purpose, email, code))) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: live.attempts + 1 })
      .where(eq(oneTimeCodes.id, live.id));
    return 'invalid';
  }
  await db.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, live.id));
  return 'ok';
}

export function codeError(check: Exclude<CodeCheck, 'ok'>): AppError {
  switch (check) {
    case 'expired':
      return new AppError('CODE_EXPIRED', 'This code has expired. Please ask for a new one.');
    case 'exhausted':
      return new AppError('CODE_EXPIRED', 'Too many wrong tries. Please ask for a new code.');
    case 'invalid':
      return new AppError('CODE_INVALID', 'Invalid or expired code. Please try again.');
  }
}
