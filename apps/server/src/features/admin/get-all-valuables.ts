// Staff: every customer's valuables still in the vault with the owner's email, newest stored
// first (SPEC §7 admin valuables).
import { desc, eq, ne } from 'drizzle-orm';
import type { AdminValuable } from '@secure-vault/shared/vault';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { valuables } from '../../db/vault-schema.ts';
import { toAdminValuable, valuableColumns } from '../../db/wire.ts';

export async function getAllValuables(db: Db): Promise<AdminValuable[]> {
  const rows = await db
    .select({ ...valuableColumns, userEmail: users.email })
    .from(valuables)
    .innerJoin(users, eq(users.id, valuables.userId))
    .where(ne(valuables.status, 'delivered'))
    // Items stored the same moment (one intake, a seeded vault) by when they were added; the id,
    // random, only settles what is left.
    .orderBy(desc(valuables.dateStored), desc(valuables.createdAt), desc(valuables.id));
  return rows.map(toAdminValuable);
}
