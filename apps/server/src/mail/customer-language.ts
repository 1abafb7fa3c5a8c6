// The language to write to a customer in when they did not just ask for something themselves
// (a transfer received, a reset by staff): the account stores none, so their latest request's
// language (transfers.language) is the trace of it, else English.
import { desc, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import type { Db } from '../db/client.ts';
import { transfers } from '../db/banking-schema.ts';

export async function customerLanguage(db: Db, userId: string): Promise<Language> {
  const [row] = await db
    .select({ language: transfers.language })
    .from(transfers)
    .where(eq(transfers.userId, userId))
    .orderBy(desc(transfers.createdAt))
    .limit(1);
  return row && isLanguage(row.language) ? row.language : 'en';
}
