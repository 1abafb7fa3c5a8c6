// Staff: every customer's account with its account number and book balance, newest first (SPEC
// §2 Users; staff accounts are not customers, db/customers.ts),
// and who recorded a pending book balance, for another staff member to decide it.
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminUser } from '@secure-vault/shared/vault';
import type { Db } from '../../db/client.ts';
import { isCustomer } from '../../db/customers.ts';
import { profiles, users } from '../../db/schema.ts';
import { bookBalanceString } from '../../db/wire.ts';

const recorders = alias(users, 'recorders');

export async function getUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      fullName: profiles.fullName,
      accountNumber: profiles.accountNumber,
      bookBalance: profiles.bookBalance,
      recorderId: recorders.id,
      recorderEmail: recorders.email,
      recordedAt: profiles.bookBalanceRecordedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(recorders, eq(recorders.id, profiles.bookBalanceRecordedBy))
    .where(isCustomer(users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(({ recorderId, recorderEmail, recordedAt, ...row }) => ({
    ...row,
    bookBalance: bookBalanceString(row.bookBalance ?? '0'),
    bookBalanceRecordedBy:
      recorderId && recorderEmail ? { id: recorderId, email: recorderEmail } : null,
    bookBalanceRecordedAt: recordedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
