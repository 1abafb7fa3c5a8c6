// The approvals queue (contracts: shared/approvals/contracts.ts; DESIGN §4 "Dual control"):
// staff list the proposals waiting for a second pair of eyes, approve or reject another's, or
// withdraw their own. Each decision is made once per Idempotency-Key, under the proposal's row
// lock, with its change in the same statement (ledger_decide_proposal, through ledger/proposals.ts);
// a request made final emails its customer once committed, and an approved price is told to every
// process.
import type { Proposal, ProposalPage } from '@secure-vault/shared/approvals';
import type { proposalListQuerySchema } from '@secure-vault/shared/approvals';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  countProposals,
  proposalFilter,
  readProposal,
  readProposals,
} from '../../db/proposal-wire.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { decide, type ProposalDecision } from '../../ledger/proposals.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { pricesChangedStatement } from '../../db/notices.ts';

type ListQuery = z.output<typeof proposalListQuerySchema>;

export async function listProposals(
  ctx: AppContext,
  staff: RequestAuth,
  query: ListQuery,
): Promise<ProposalPage> {
  const where = proposalFilter(query.state);
  const [items, total, pending] = await Promise.all([
    readProposals(ctx.db, staff.user.id, where, {
      order: query.state === 'pending' ? 'queue' : 'newest',
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countProposals(ctx.db, where),
    countProposals(ctx.db, proposalFilter('pending')),
  ]);
  return { items, total, page: query.page, pageSize: query.pageSize, pending };
}

export type { ProposalDecision };

export async function decideProposal(
  ctx: AppContext,
  staff: RequestAuth,
  id: string,
  decision: ProposalDecision,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Proposal>> {
  const at = ctx.clock.now();
  const staffId = staff.user.id;
  let settledRequestId: string | null = null;
  const outcome = await onceForKey(
    ctx.database,
    staffId,
    idempotency,
    at,
    200,
    async (inTx, tx) => {
      settledRequestId = await decide(inTx, tx, staffId, id, decision, at, meta.ip);
      return readProposal(tx, staffId, id);
    },
  );
  // An approved price is the book's from now on: every process forgets the book it quotes from,
  // told once the approval has committed (never inside it: decision 020).
  if (
    !outcome.isReplay &&
    outcome.body.kind === 'price_change' &&
    outcome.body.status === 'approved'
  ) {
    await ctx.database.query(pricesChangedStatement, []);
  }
  // The customer's email was queued with the approval (ledger_settle): a rolled-back one
  // queued nothing. It goes now, after the answer.
  if (!outcome.isReplay && settledRequestId !== null) {
    runAfterAnswer(ctx, 'request_decided_email', async () => {
      await ctx.mailer.deliverQueued(ctx.clock.now());
    });
  }
  return outcome;
}
