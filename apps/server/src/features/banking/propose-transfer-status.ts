// Staff's decision on a pending request (contract: setTransferStatus; DESIGN §4 "Dual control"):
// a proposal that takes effect only when another staff member approves it (features/approvals).
import { and, eq } from 'drizzle-orm';
import type { FinalTransferStatus, TransferType } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import { transfers } from '../../db/banking-schema.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { propose } from '../../ledger/proposals.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { readProposal } from '../../db/proposal-wire.ts';
import { AppError } from '../../errors.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { RequestMeta } from '../../auth/request-meta.ts';

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
