// What the signed-in customer's vault did (contracts: shared/performance/contracts.ts): its value
// over time, and each listed holding's cost, value at the book now and gains.
import type { FastifyInstance } from 'fastify';
import * as performance from '@secure-vault/shared/performance/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { getPerformance } from './get-performance.ts';
import { getPortfolioHistory } from './portfolio-history.ts';

export function performanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, performance.getPortfolioHistory, (request, auth) =>
    getPortfolioHistory(ctx, auth.user.id, request.query.range),
  );
  route(app, performance.getPerformance, (_request, auth) => getPerformance(ctx, auth.user.id));
}
