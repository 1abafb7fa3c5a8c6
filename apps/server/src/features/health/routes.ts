// Alive and ready (contracts: shared/health/contracts.ts). The liveness check never reads the
// caller; readiness answers 503 UNAVAILABLE while the database does not answer and once the
// process has begun to stop (http/drain.ts), so a balancer sends it nothing new.
import type { FastifyInstance } from 'fastify';
import * as health from '@secure-vault/shared/health/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, health.getHealth, async () => ({ status: 'ok' as const }), { readsSession: false });
  route(app, health.getReadiness, async (request) => {
    if (app.drain.isDraining) throw new AppError('UNAVAILABLE', 'The server is stopping.');
    try {
      await ctx.database.ping();
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok' as const };
  });
}
