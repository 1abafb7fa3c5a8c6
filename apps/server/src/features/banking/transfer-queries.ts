// The lists of transfers (contracts: getMyTransfers, listTransfers) and staff's decision on a
// request (setTransferStatus). Rows are turned to JSON in SQL by the same functions the ledger
// answers with (transfer_json, admin_transfer_json, migration 0011), so a row reads the same
// in a list, in an answer and in a replayed answer.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isLanguage } from '@secure-vault/shared/i18n';
import type { z } from 'zod';
import type {
  AdminTransfer,
  AdminTransferPage,
  FinalTransferStatus,
  Transfer,
  transferListQuerySchema,
  TransferPage,
  TransferType,
} from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Db } from '../../db/client.ts';
import { transfers } from '../../db/banking-schema.ts';
import { users } from '../../db/schema.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { settleAsStaff } from '../../ledger/transfers.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { sendDecidedEmail } from './transfers.ts';

type ListQuery = z.output<typeof transferListQuerySchema>;

async function page<T>(
  db: Db,
  scope: SQL | undefined,
  query: ListQuery,
  json: SQL,
): Promise<{
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<FinalTransferStatus | 'pending', number>;
}> {
  const typed = and(scope, query.type ? eq(transfers.type, query.type) : undefined);
  const where = and(typed, query.status ? eq(transfers.status, query.status) : undefined);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ json: sql<T>`${json}` })
      .from(transfers)
      .where(where)
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${transfers.status} = 'pending')::int`,
        completed: sql<number>`count(*) filter (where ${transfers.status} = 'completed')::int`,
        failed: sql<number>`count(*) filter (where ${transfers.status} = 'failed')::int`,
        cancelled: sql<number>`count(*) filter (where ${transfers.status} = 'cancelled')::int`,
      })
      .from(transfers)
      .where(typed),
  ]);
  const statusCounts = counts ?? { pending: 0, completed: 0, failed: 0, cancelled: 0 };
  return {
    items: rows.map((row) => row.json),
    total: query.status
      ? statusCounts[query.status]
      : statusCounts.pending +
        statusCounts.completed +
        statusCounts.failed +
        statusCounts.cancelled,
    page: query.page,
    pageSize: query.pageSize,
    counts: statusCounts,
  };
}

/** The customer's requests and the transfers they sent or received. */
export function getMyTransfers(
  ctx: AppContext,
  userId: string,
  query: ListQuery,
): Promise<TransferPage> {
  const mine = sql`(${transfers.userId} = ${userId} or ${transfers.counterpartyId} = ${userId})`;
  return page<Transfer>(ctx.db, mine, query, sql`transfer_json(${transfers}, ${userId}::uuid)`);
}

export function listTransfers(ctx: AppContext, query: ListQuery): Promise<AdminTransferPage> {
  return page<AdminTransfer>(ctx.db, undefined, query, sql`admin_transfer_json(${transfers})`);
}

/** Staff make a pending request final; the customer is emailed in the language they asked in. */
export async function setTransferStatus(
  ctx: AppContext,
  caller: Caller,
  input: {
    type: TransferType;
    id: string;
    status: FinalTransferStatus;
    reason: string | null;
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<AdminTransfer>> {
  const outcome = await settleAsStaff(ctx.database, caller, {
    id: input.id,
    type: input.type,
    status: input.status,
    reason: input.reason,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) {
    const transfer = outcome.body;
    const [row] = await ctx.db
      .select({ email: users.email, language: transfers.language })
      .from(transfers)
      .innerJoin(users, eq(users.id, transfers.userId))
      .where(eq(transfers.id, transfer.id));
    if (row) {
      sendDecidedEmail(ctx, row.email, isLanguage(row.language) ? row.language : 'en', transfer);
    }
  }
  return outcome;
}
