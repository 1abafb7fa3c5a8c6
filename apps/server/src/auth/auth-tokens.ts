// Single-use links carrying a bearer token: password reset (30 minutes) and impersonation
// (60 seconds). Only the token's hash is stored; the token is in the emailed or returned link.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type authTokenPurposes, authTokens } from '../db/schema.ts';
import { hashToken, randomToken } from './secrets.ts';

/** One of authTokenPurposes (db/schema.ts), which the database's check is built from. */
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];

export const passwordResetLifetimeMs = 30 * 60_000;
export const impersonationLinkLifetimeMs = 60_000;

export interface NewAuthToken {
  purpose: AuthTokenPurpose;
  userId: string;
  now: Date;
  lifetimeMs: number;
  actorId?: string;
  actorSessionId?: string;
}

export async function issueAuthToken(db: Db, input: NewAuthToken): Promise<string> {
  const token = randomToken();
  await db.insert(authTokens).values({
    purpose: input.purpose,
    tokenHash: hashToken(token),
    userId: input.userId,
    actorId: input.actorId ?? null,
    actorSessionId: input.actorSessionId ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.lifetimeMs),
  });
  return token;
}

/** Uses up a live token of this purpose and returns its row, or null (unknown, used or expired). */
export async function consumeAuthToken(
  db: Db,
  purpose: AuthTokenPurpose,
  token: string,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .for('update');
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  await db.update(authTokens).set({ consumedAt: now }).where(eq(authTokens.id, row.id));
  return row;
}

/** Finds a live token without using it up. */
export async function peekAuthToken(db: Db, purpose: AuthTokenPurpose, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)));
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** A new password, or a newer reset link, makes any reset link already sent useless. */
export async function invalidateResetLinks(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'password_reset'),
        isNull(authTokens.consumedAt),
      ),
    );
}
