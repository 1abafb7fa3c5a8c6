// The approvals queue's routes (contracts: shared/approvals/contracts.ts): staff only, each
// decision once per Idempotency-Key.
import type { FastifyInstance } from 'fastify';
import * as approvals from '@secure-vault/shared/approvals/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { decideProposal, listProposals, type ProposalDecision } from './decide-proposal.ts';

export function approvalRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, approvals.listProposals, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return listProposals(ctx, auth, request.query);
  });

  const decisions = [
    [approvals.approveProposal, () => ({ decision: 'approve' })],
    [approvals.withdrawProposal, () => ({ decision: 'withdraw' })],
  ] as const satisfies readonly [unknown, () => ProposalDecision][];
  for (const [contract, decision] of decisions) {
    route(app, contract, async (request, auth, reply) =>
      sendIdempotent(
        reply,
        await decideProposal(
          ctx,
          auth,
          request.params.id,
          decision(),
          idempotencyOf(request),
          requestMeta(request),
        ),
      ),
    );
  }

  route(app, approvals.rejectProposal, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await decideProposal(
        ctx,
        auth,
        request.params.id,
        { decision: 'reject', reason: request.body.reason },
        idempotencyOf(request),
        requestMeta(request),
      ),
    ),
  );
}
