// Staff's Transfer Management list: every transfer and request (contract: listTransfers).
import { sql } from 'drizzle-orm';
import type { AdminTransfer, AdminTransferPage } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import { transfers } from '../../db/banking-schema.ts';
import { type ListQuery, transferPage } from './transfer-page.ts';

export function listTransfers(ctx: AppContext, query: ListQuery): Promise<AdminTransferPage> {
  return transferPage<AdminTransfer>(
    ctx.db,
    undefined,
    query,
    sql`admin_transfer_json(${transfers})`,
  );
}
