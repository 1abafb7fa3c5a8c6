// Development tools (contracts: shared/dev/contracts.ts): the mailbox, and running the jobs due
// at a given time (so a fixed term can be seen to mature). Present only while the outbox is the
// mail transport, outside production (app.ts decides; DESIGN §5), and only to a client on this
// machine: to anyone else on the network they do not exist.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as dev from '@secure-vault/shared/dev/contracts';
import type { AppContext } from '../../context.ts';
import { canonicalIp } from '../../auth/request-meta.ts';
import { readOutbox } from '../../mail/mailer.ts';
import { route } from '../../http/route.ts';
import { runDueJobs } from '../../jobs/runner.ts';

/** 127.0.0.0/8 and ::1 (an IPv4 loopback address mapped into IPv6 is canonically IPv4). */
export function isLoopback(address: string | undefined): boolean {
  const ip = canonicalIp(address);
  return ip === '::1' || (ip?.startsWith('127.') ?? false);
}

export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Before every other hook of these routes (CSRF, access), so that nothing about them shows: the
  // client as the trusted proxies name it (request.ip), not only the connection, or a proxy on
  // this machine would open them to everyone behind it.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // The app's own answer to a path it does not know (http/spa.ts).
    if (!isLoopback(request.ip)) return reply.callNotFound();
  });
  route(app, dev.getMailbox, (request) => readOutbox(ctx.db, request.query.to));
  route(app, dev.runJobs, async (request) => ({
    ran: (await runDueJobs(ctx, new Date(request.body.at))).length,
  }));
}
