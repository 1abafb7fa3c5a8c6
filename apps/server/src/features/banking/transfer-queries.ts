// The lists of transfers (contracts: getMyTransfers, listTransfers) and staff's decision on a
// request (setTransferStatus). Rows are turned to JSON in SQL by the same functions the ledger
// answers with (transfer_json, admin_transfer_json, migration 0011), so a row reads the same
// in a list, in an answer and in a replayed answer.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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
import type { Db } from '../../db/client.ts';
import { transfers } from '../../db/banking-schema.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { propose } from '../../ledger/proposals.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { readProposal } from '../../db/proposal-wire.ts';
import { AppError } from '../../errors.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { RequestMeta } from '../../auth/request-meta.ts';

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

/**
 * Staff propose making a pending request final (DESIGN §4 "Dual control"): completing a deposit
 * or asset to cash, or any decision on a withdrawal, takes effect — with the customer's email —
 * only when another staff member approves it (features/approvals). The request must be pending
 * and not the proposer's own, nor one they made while signed in as the customer.
 */
export async function proposeTransferStatus(
  ctx: AppContext,
  staff: RequestAuth,
  input: {
    type: TransferType;
    id: string;
    status: FinalTransferStatus;
    reason: string | null;
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<Proposal>> {
  const at = ctx.clock.now();
  const staffId = staff.user.id;
  return onceForKey(ctx.database, staffId, input.idempotency, at, 202, async (_, tx) => {
    const [request] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.id, input.id), eq(transfers.type, input.type)))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', 'This request was not found.');
    // A final state answers CONFLICT whatever it is, an asset transfer (final when made) too.
    if (request.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        `This request is already ${request.status}; a final state does not change.`,
      );
    }
    const requestType = request.type;
    if (!isRequestType(requestType)) {
      throw new AppError('NOT_FOUND', 'This request was not found.');
    }
    if (request.actorId === staffId) {
      throw new AppError(
        'SAME_STAFF',
        'You made this request while signed in as the customer; another staff member must decide it.',
      );
    }
    const reason = input.status === 'completed' ? null : input.reason;
    const row = await propose(
      tx,
      staffId,
      {
        subjectUserId: request.userId,
        targetId: request.id,
        amount: requestEffect(requestType, input.status, request.amount),
        payload: {
          kind: 'request_decision',
          requestType,
          status: input.status,
          reason,
          reference: request.reference,
        },
      },
      at,
      input.meta.ip,
    );
    return readProposal(tx, staffId, row.id);
  });
}

function isRequestType(type: string | undefined): type is Exclude<TransferType, 'asset_transfer'> {
  return type !== undefined && type !== 'asset_transfer';
}

/**
 * What approving the decision does to the customer's value: a deposit completed adds its
 * amount, a withdrawal refused gives it back, a withdrawal completed pays it out (its cash
 * left when it was asked for, so the account changes by nothing), asset to cash converts.
 */
function requestEffect(
  type: Exclude<TransferType, 'asset_transfer'>,
  status: FinalTransferStatus,
  amount: string,
): string {
  if (type === 'withdrawal') return status === 'completed' ? '0' : amount;
  if (status !== 'completed') return '0';
  return type === 'asset_to_cash' ? '0' : amount;
}
