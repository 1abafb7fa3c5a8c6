// Starts Secure Vault: configuration, database (migrated), mail, then the HTTP server, in this
// process or, with WEB_CONCURRENCY > 1, in that many worker processes on one port (cluster.ts).
// Migrations and the ADMIN_EMAIL account are done once, by the first process, before any worker
// starts. SIGTERM/SIGINT drain (readiness 503 for SHUTDOWN_DRAIN_MS, http/drain.ts), stop
// accepting connections, let running requests finish, then close the database.
import cluster from 'node:cluster';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { runWorkers } from './cluster.ts';
import { ConfigError, type Config, loadConfig } from './config.ts';
import { type AppContext, systemClock } from './context.ts';
import { type Database, databaseOptionsOf, openDatabase } from './db/client.ts';
import { ensureAdmin } from './features/admin/ensure-admin.ts';
import { purgeExpiredAuthData } from './auth/purge.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { startMetricsServer } from './metrics/server.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel);

const open = () =>
  openDatabase({
    ...databaseOptionsOf(config),
    poolSize: config.databasePoolSize,
    logger,
  });

/** What a start does once, however many processes serve. */
async function prepare(database: Database): Promise<void> {
  await database.migrate();
  if (config.admin) {
    const result = await ensureAdmin({ db: database.db, clock: systemClock }, config.admin);
    logger.info({ admin: config.admin.email, result }, 'staff account from ADMIN_EMAIL checked');
  }
}

/** Builds the app on the database and listens until SIGTERM/SIGINT. */
async function serve(database: Database): Promise<void> {
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: systemClock,
    logger,
    mailer: createMailer({
      db: database.db,
      mailUrl: config.mailUrl,
      from: config.mailFrom,
      logger,
    }),
  };
  const app = await buildApp(ctx);

  // Hourly clean-up of spent codes, links, limits and old sessions; safe on several instances.
  const purge = () =>
    purgeExpiredAuthData(database.db, systemClock.now()).catch((err: unknown) =>
      logger.error({ err }, 'clean-up of expired sign-in data failed'),
    );
  const purgeTimer = setInterval(() => void purge(), 60 * 60_000);
  purgeTimer.unref();

  let isStopping = false;
  async function stop(signal: string): Promise<void> {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000).unref();
    try {
      clearInterval(purgeTimer);
      // Readiness says 503 at once; requests keep being served until the balancer has noticed.
      app.drain.start();
      if (config.shutdownDrainMs > 0) await delay(config.shutdownDrainMs);
      await app.close();
      ctx.mailer.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics && !cluster.isWorker) {
    await startMetricsServer({ ...config.metrics, logger, ofCluster: false });
  }
  const running = { database: database.kind, mail: ctx.mailer.transport };
  if (cluster.isWorker) logger.info(running, 'worker process listening');
  else logger.info(running, `Secure Vault is running at ${config.appUrl}`);
}

if (cluster.isWorker) {
  await serve(await open());
} else {
  const database = await open();
  await prepare(database);
  if (config.webConcurrency === 1) {
    await serve(database);
  } else {
    await database.close();
    runWorkers({
      count: config.webConcurrency,
      logger,
      appUrl: config.appUrl,
      drainMs: config.shutdownDrainMs,
    });
    if (config.metrics) await startMetricsServer({ ...config.metrics, logger, ofCluster: true });
  }
}
