// Development tools (contracts: shared/dev/contracts.ts): the mailbox, and running the jobs due
// at a given time (so a fixed term can be seen to mature). Present only while the outbox is the
// mail transport, outside production (app.ts decides; DESIGN §5).
import type { FastifyInstance } from 'fastify';
import * as dev from '@secure-vault/shared/dev/contracts';
import type { AppContext } from '../../context.ts';
import { readOutbox } from '../../mail/mailer.ts';
import { route } from '../../http/route.ts';
import { runDueJobs } from '../../jobs/runner.ts';

export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, dev.getMailbox, (request) => readOutbox(ctx.db, request.query.to));
  route(app, dev.runJobs, async (request) => ({
    ran: (await runDueJobs(ctx, new Date(request.body.at))).length,
  }));
}
