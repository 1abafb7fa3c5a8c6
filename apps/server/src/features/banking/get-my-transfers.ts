// The customer's requests and the transfers they sent or received (contract: getMyTransfers).
import { sql } from 'drizzle-orm';
import type { Transfer, TransferPage } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import { transfers } from '../../db/banking-schema.ts';
import { type ListQuery, transferPage } from './transfer-page.ts';

export function getMyTransfers(
  ctx: AppContext,
  userId: string,
  query: ListQuery,
): Promise<TransferPage> {
  const mine = sql`(${transfers.userId} = ${userId} or ${transfers.counterpartyId} = ${userId})`;
  return transferPage<Transfer>(
    ctx.db,
    mine,
    query,
    sql`transfer_json(${transfers}, ${userId}::uuid)`,
  );
}
