// Staff's KYC Management (SPEC §2): every customer's verification, not completed first and then
// the newest account first, filtered by status and by part of the email; and one customer's
// answers and documents for review.
import { and, asc, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { KycListItem, kycListQuerySchema, KycReview } from '@secure-vault/shared/kyc';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { isCustomer } from '../../db/customers.ts';
import { profiles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { loadKycState } from './kyc-state.ts';

type ListQuery = z.output<typeof kycListQuerySchema>;

/** `text` matched literally inside a LIKE pattern: its own %, _ and \ lose their meaning. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listKyc(ctx: AppContext, query: ListQuery): Promise<KycListItem[]> {
  const filters: SQL[] = [isCustomer(profiles.userId)];
  if (query.status === 'not_started') filters.push(isNull(kycVerifications.userId));
  else if (query.status) filters.push(eq(kycVerifications.status, query.status));
  if (query.search) filters.push(ilike(profiles.email, `%${likeLiteral(query.search)}%`));
  const rows = await ctx.db
    .select({
      userId: profiles.userId,
      email: profiles.email,
      fullName: profiles.fullName,
      status: kycVerifications.status,
      kycCompleted: profiles.kycCompleted,
      submittedAt: kycVerifications.submittedAt,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .leftJoin(kycVerifications, eq(kycVerifications.userId, profiles.userId))
    .where(and(...filters))
    .orderBy(asc(profiles.kycCompleted), desc(profiles.createdAt), desc(profiles.userId));
  return rows.map((row) => ({
    ...row,
    status: row.status ?? 'not_started',
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function kycReviewOf(db: Db, userId: string): Promise<KycReview> {
  const [user] = await db
    .select({ email: users.email, accountNumber: profiles.accountNumber })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'No such customer.');
  return { ...(await loadKycState(db, userId)), userId, ...user };
}

export function getKycReview(ctx: AppContext, userId: string): Promise<KycReview> {
  return kycReviewOf(ctx.db, userId);
}
