// Builds the real app for integration tests: embedded PGlite in memory, or a fresh PostgreSQL
// database created on TEST_DATABASE_URL when the suite runs as `server-postgres`.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext, Clock } from '../context.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';

// What the run's global setup (test/database-template.ts) hands each test file.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database (server project). */
    pgliteTemplate: string | undefined;
    /** A migrated database on TEST_DATABASE_URL to copy (server-postgres project). */
    postgresTemplate: string | undefined;
  }
}

export const dbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/** A clock the test moves by hand. */
export function manualClock(
  start = new Date('2026-11-21T10:00:00Z'),
): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

const testSigningKey = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'der' })
  .toString('base64');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    DATA_KEY: randomBytes(32).toString('hex'),
    // Statements are signed with a key of the test run's, never one written to DATA_DIR.
    SIGNING_KEY: testSigningKey,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Tests run due jobs themselves, at the times they choose (jobs/runner.ts runDueJobs).
    JOB_INTERVAL_MS: '0',
    ...env,
  });
}

/**
 * A fresh database on TEST_DATABASE_URL, empty or a copy of `template`: its address, and how to
 * drop it.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres suites');
  const name = `sv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh database (in memory, or one made on TEST_DATABASE_URL), not yet migrated. */
export async function openTestDatabase(
  logger: Logger = createLogger('silent'),
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (dbKind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ url, poolSize: 10, logger });
  return { database, drop };
}

/**
 * A fresh database already migrated: a copy of the run's template (test/database-template.ts),
 * or, where the run made none, one migrated here.
 */
export async function openMigratedTestDatabase(
  logger: Logger = createLogger('silent'),
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (dbKind === 'pglite') {
    const file = inject('pgliteTemplate');
    if (!file) return migrated(await openTestDatabase(logger));
    const database = await openDatabase({ from: new Blob([readFileSync(file)]) });
    return { database, drop: async () => {} };
  }
  const template = inject('postgresTemplate');
  if (!template) return migrated(await openTestDatabase(logger));
  const { url, drop } = await createPostgresDatabase(template);
  const database = await openDatabase({ url, poolSize: 10, logger });
  return { database, drop };
}

async function migrated<T extends { database: Database }>(opened: T): Promise<T> {
  await opened.database.migrate();
  return opened;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment, e.g. { STAFF_2FA: 'optional' }. */
  env?: Record<string, string>;
  clock?: Clock;
  /** A logger to capture output (default: silent). */
  logger?: Logger;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const logger = options.logger ?? createLogger('silent');
  const { database, drop } = await openMigratedTestDatabase(logger);
  const test = await appOnDatabase(database, { ...options, logger });
  return {
    ...test,
    async close() {
      await test.close();
      await drop();
    },
  };
}

/** The real app around an open database (migrated here); closing the app closes the database. */
export async function appOnDatabase(
  database: Database,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const logger = options.logger ?? createLogger('silent');
  await database.migrate();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? { now: () => new Date() },
    logger,
    mailer: createMailer({
      db: database.db,
      mailUrl: config.mailUrl,
      from: config.mailFrom,
      logger,
      // The app's clock, even one a test swaps later.
      clock: { now: () => ctx.clock.now() },
    }),
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      ctx.mailer.close();
      await database.close();
    },
  };
}

/** Headers the web app sends with every state-changing request. */
export const jsonHeaders = {
  'content-type': 'application/json',
  'x-requested-with': 'secure-vault',
};
