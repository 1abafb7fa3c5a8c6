// Staff accounts are not customers (DESIGN §4: staff do not act on staff accounts, which are
// managed with `npm run admin`), so the staff screens that list customers leave them out: Users
// and Book Balance, KYC Management and its count, the net-worth ranking.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { userRoles } from './schema.ts';

/** True where `userId` is not a staff member's account. */
export function isCustomer(userId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin')`;
}
