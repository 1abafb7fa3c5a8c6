// Builds the Fastify app around a context; main.ts starts it, tests inject into it.
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { trustProxyOption } from './config.ts';
import { accessGuard, registerAuth } from './auth/access.ts';
import { backgroundWorkSettled } from './auth/background-work.ts';
import { adminUserRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { historyRoutes } from './features/history/routes.ts';
import { kycRoutes } from './features/kyc/routes.ts';
import { bankingRoutes } from './features/banking/routes.ts';
import { custodyRoutes } from './features/custody/routes.ts';
import { approvalRoutes } from './features/approvals/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { ledgerCheckRoutes } from './features/ledger-check/routes.ts';
import { mailQueueRoutes } from './features/mail-queue/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { staffAccessRoutes } from './features/staff-access/routes.ts';
import { statementRoutes } from './features/statements/routes.ts';
import { tradingRoutes } from './features/trading/routes.ts';
import { guardEveryRoute } from './http/access.ts';
import { csrfGuard, changesState } from './http/csrf.ts';
import { errorBody, registerErrorHandling } from './http/errors.ts';
import { scheduleIdempotencyKeyPurge } from './http/idempotency.ts';
import { scheduleJobs } from './jobs/runner.ts';
import { registerDrain } from './http/drain.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { vaultRoutes } from './features/vault/routes.ts';
import { passkeyRoutes } from './features/passkeys/routes.ts';
import { priceRoutes } from './features/prices/routes.ts';
import { performanceRoutes } from './features/performance/routes.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { recurringRoutes } from './features/recurring/routes.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { adminVaultRoutes } from './features/admin/vault-routes.ts';
import { registerRealtime } from './realtime/routes.ts';
import { bindMetrics, measureRequests } from './metrics/metrics.ts';
import { forRequest } from './request-context.ts';

/** Each feature's routes, registered in this order, each in a context of its own. */
const featureRoutes: readonly ((scope: FastifyInstance, ctx: AppContext) => void)[] = [
  healthRoutes,
  contactRoutes,
  authRoutes,
  adminUserRoutes,
  priceRoutes,
  tradingRoutes,
  performanceRoutes,
  alertRoutes,
  recurringRoutes,
  orderRoutes,
  historyRoutes,
  vaultRoutes,
  adminVaultRoutes,
  approvalRoutes,
  kycRoutes,
  bankingRoutes,
  custodyRoutes,
  auditRoutes,
  staffAccessRoutes,
  statementRoutes,
  ledgerCheckRoutes,
  mailQueueRoutes,
  notificationRoutes,
  passkeyRoutes,
];

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger = ctx.logger;
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The router refuses a path it cannot decode or a parameter over 100 characters before any
    // hook runs: answer those with our own error body, without echoing the URL back.
    frameworkErrors: (error, _request, routerReply) => {
      // cast: Fastify types the router's reply apart from a route's; it is the same object.
      const reply = routerReply as FastifyReply;
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .status(isTooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send(
          errorBody(
            'BAD_REQUEST',
            isTooLong ? 'The address is too long.' : 'The address is not valid.',
          ),
        );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks: what the request causes runs in its context (request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => forRequest(request.id, done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: each gets the CSRF guard (when it changes state) and its access guard.
  guardEveryRoute(app, (route) => [
    ...(route.methods.some(changesState) ? [csrfGuard(ctx.config)] : []),
    accessGuard(ctx, route),
  ]);
  registerErrorHandling(app, { checkDeclaredErrors: ctx.config.nodeEnv === 'test' });

  measureRequests(app);
  registerDrain(app);
  // One log line per request, without query strings (they may carry addresses or tokens).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Answers of routes that read the caller may carry balances or account details: never
    // stored by a browser or a proxy. Static files keep their own caching.
    if (request.routeOptions.config?.readsSession === true)
      reply.header('cache-control', 'no-store');
  });

  await registerSecurity(app, ctx.config);
  await registerAuth(app);
  await registerOpenApi(app);

  // Each feature's routes in a context of its own (hooks a feature adds stay its own); every
  // route's path comes from its contract.
  for (const routes of featureRoutes) await app.register(async (scope) => routes(scope, ctx));
  const realtime = await registerRealtime(app, ctx);
  bindMetrics({ database: ctx.database, clock: ctx.clock, sockets: () => realtime.size() });
  scheduleIdempotencyKeyPurge(app, ctx);
  scheduleJobs(app, ctx);
  // Work a request left running after its answer (a mail, a token) ends before the database does.
  app.addHook('onClose', () => backgroundWorkSettled(ctx));
  // The outbox's mailbox hands out every code and reset link: never in production.
  if (ctx.mailer.transport === 'outbox' && ctx.config.nodeEnv !== 'production') {
    await app.register(async (scope) => devRoutes(scope, ctx));
  }

  await registerSpa(app, ctx.config.webDist, ctx.clock, {
    serveSourceMaps: ctx.config.serveSourceMaps,
  });
  return app;
}
