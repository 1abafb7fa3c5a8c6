// The ledger reconciliation for staff (contract: shared/ledger-check/contracts.ts): the same
// check as `npm run check:ledger`, read from one snapshot, never cached.
import type { FastifyInstance } from 'fastify';
import * as ledgerCheck from '@secure-vault/shared/ledger-check/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { reconcileLedger } from '../../ledger/reconcile.ts';

export function ledgerCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ledgerCheck.runLedgerCheck, async (_request, _auth, reply) => {
    reply.header('cache-control', 'no-store');
    return reconcileLedger(ctx.db, ctx.clock.now());
  });
}
