// One page of the transfers table, newest first, filtered by type and status, with the count of
// each status (contracts: getMyTransfers, listTransfers). Rows are turned to JSON in SQL by the
// same functions the ledger answers with (transfer_json, admin_transfer_json, migration 0011),
// so a row reads the same in a list, in an answer and in a replayed answer.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FinalTransferStatus, transferListQuerySchema } from '@secure-vault/shared/transfers';
import type { Db } from '../../db/client.ts';
import { transfers } from '../../db/banking-schema.ts';

export type ListQuery = z.output<typeof transferListQuerySchema>;

export async function transferPage<T>(
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
