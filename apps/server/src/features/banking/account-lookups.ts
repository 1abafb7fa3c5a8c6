// What finding a recipient and making a transfer share: the customer behind an account number
// (masked), the refusals of an unknown or one's own number, and the per-user count of lookups
// that keeps account numbers from being listed by trying them (auth/rate-limit.ts).
import { eq, sql } from 'drizzle-orm';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import type { AppContext } from '../../context.ts';
import { profiles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { forgetHits, limits, recordHits } from '../../auth/rate-limit.ts';

/** The signed-in customer, as the banking services need them. */
export interface BankingUser {
  id: string;
  email: string;
}

/** A customer by account number, masked (auth/sql/masked_name.sql). */
export async function partyByAccountNumber(
  ctx: AppContext,
  accountNumber: string,
): Promise<{ userId: string; accountNumber: string; maskedName: string } | null> {
  const [row] = await ctx.db
    .select({
      userId: profiles.userId,
      accountNumber: profiles.accountNumber,
      maskedName: sql<string>`masked_name(${profiles.fullName}, ${users.email})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.accountNumber, accountNumber));
  return row ?? null;
}

export function ownAccount(path: string): AppError {
  const issues: ErrorIssue[] = [{ path, message: 'transfers:errors.ownAccount' }];
  return new AppError('VALIDATION', 'You cannot transfer to your own account.', { issues });
}

export const unknownReceiver = () =>
  new AppError('NOT_FOUND', 'No customer has this account number.');

const tooManyLookups = () =>
  new AppError('RATE_LIMITED', 'Too many account lookups. Please try again later.');

/**
 * Counts one account lookup of the user's (recorded before counting, so concurrent lookups
 * cannot all slip under the limit); past the limit it is taken back and refused. Returns the
 * recorded hit, which the caller may take back when it should not count.
 */
export async function countLookup(ctx: AppContext, user: BankingUser): Promise<string[]> {
  const hits = await recordHits(ctx.db, ctx.config.dataKey, ctx.clock.now(), [
    { limit: limits.recipientLookupUser, value: user.id },
  ]);
  if (hits.over.length > 0) {
    await forgetHits(ctx.db, hits.ids);
    throw tooManyLookups();
  }
  return hits.ids;
}
