// The language to write to a customer in when they did not just ask for something themselves
// (a transfer received, a reset by staff): customer_language (ledger/sql), which
// ledger_transfer uses for the receiver's email too.
import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export async function customerLanguage(db: Db, userId: string): Promise<Language> {
  // Both drivers answer `execute` with `{ rows }`.
  const result: unknown = await db.execute(
    sql`select customer_language(${userId}::uuid) as language`,
  );
  const [row] = rowsOf<{ language: string }>(result);
  return row && isLanguage(row.language) ? row.language : 'en';
}
