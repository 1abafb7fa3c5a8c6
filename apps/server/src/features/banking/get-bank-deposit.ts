// One of the customer's bank-transfer deposits again (contract: getBankDeposit): the request as
// it stands, shaped as every answer is (transfer_json), with the platform's bank details, so a
// pending deposit's instructions can be read after the first answer. Ownership is in the where
// clause: another customer's deposit is answered as a missing one.
import { and, eq, sql } from 'drizzle-orm';
import {
  type BankDeposit,
  platformBankDetails,
  type Transfer,
} from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import { transfers } from '../../db/banking-schema.ts';
import { AppError } from '../../errors.ts';

export async function getBankDeposit(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<BankDeposit> {
  const [row] = await ctx.db
    .select({ json: sql<Transfer>`transfer_json(${transfers}, ${userId}::uuid)` })
    .from(transfers)
    .where(
      and(eq(transfers.id, id), eq(transfers.userId, userId), eq(transfers.type, 'bank_deposit')),
    );
  if (!row) throw new AppError('NOT_FOUND', 'This deposit was not found.');
  return { ...row.json, bankDetails: platformBankDetails };
}
