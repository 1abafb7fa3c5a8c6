import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function auditRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
