// Staff: every account with its account number and book balance, newest first (SPEC §2 Users).
import { desc, eq } from 'drizzle-orm';
import type { AdminUser } from '@secure-vault/shared/vault';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { bookBalanceString } from '../../db/wire.ts';

export async function getUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      fullName: profiles.fullName,
      accountNumber: profiles.accountNumber,
      bookBalance: profiles.bookBalance,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map((row) => ({
    ...row,
    bookBalance: bookBalanceString(row.bookBalance ?? '0'),
    createdAt: row.createdAt.toISOString(),
  }));
}
