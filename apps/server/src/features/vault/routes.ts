// The customer's own profile, valuables and summary (contracts: shared/vault/contracts.ts). Each
// is one statement joined to the live session (auth/session-caller.ts), scoped by its user id.
import type { FastifyInstance } from 'fastify';
import * as vault from '@secure-vault/shared/vault/contracts';
import type { AppContext } from '../../context.ts';
import { sessionCaller } from '../../auth/session-caller.ts';
import { route } from '../../http/route.ts';
import { getProfile } from './get-profile.ts';
import { getSummary } from './get-summary.ts';
import { getValuables } from './get-valuables.ts';

export function vaultRoutes(app: FastifyInstance, ctx: AppContext): void {
  const joinsSession = { joinsSession: true };
  route(
    app,
    vault.getProfile,
    (request) => getProfile(ctx, sessionCaller(ctx, request)),
    joinsSession,
  );
  route(
    app,
    vault.getValuables,
    (request) => getValuables(ctx, sessionCaller(ctx, request), request.query),
    joinsSession,
  );
  route(
    app,
    vault.getSummary,
    (request) => getSummary(ctx, sessionCaller(ctx, request)),
    joinsSession,
  );
}
