import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function ledgerCheckRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
