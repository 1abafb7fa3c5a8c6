// The customer's registered bank accounts, newest first (contract: getBankAccounts).
import { desc, eq } from 'drizzle-orm';
import type { BankAccount } from '@secure-vault/shared/banking';
import type { AppContext } from '../../context.ts';
import { bankAccounts } from '../../db/banking-schema.ts';
import { toBankAccount } from './bank-account-rules.ts';

export async function getBankAccounts(ctx: AppContext, userId: string): Promise<BankAccount[]> {
  const rows = await ctx.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map(toBankAccount);
}
