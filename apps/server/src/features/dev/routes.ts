// The development mailbox (contract: shared/dev/contracts.ts): present only while the outbox is
// the mail transport, outside production (app.ts decides; DESIGN §5).
import type { FastifyInstance } from 'fastify';
import * as dev from '@secure-vault/shared/dev/contracts';
import type { AppContext } from '../../context.ts';
import { readOutbox } from '../../mail/mailer.ts';
import { route } from '../../http/route.ts';

export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, dev.getMailbox, (request) => readOutbox(ctx.db, request.query.to));
}
