// Alive and ready (contracts: shared/health/contracts.ts). The liveness check never reads the
// caller; readiness answers 503 UNAVAILABLE while the database does not answer.
import type { FastifyInstance } from 'fastify';
import * as health from '@secure-vault/shared/health/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, health.getHealth, async () => ({ status: 'ok' as const }), { readsSession: false });
  route(app, health.getReadiness, async (request) => {
    try {
      await ctx.database.ping();
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok' as const };
  });
}
