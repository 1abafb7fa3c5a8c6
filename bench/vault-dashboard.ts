// `node bench/vault-dashboard.ts`: the dashboard's three reads (profile, valuables, summary) for
// one customer holding 1,000 valuables, under autocannon, on PGlite in memory, or on a fresh
// PostgreSQL database when BENCH_DATABASE_URL is set (created and dropped). `--quick` runs
// 3-second rounds. The query-count guard lives in the server tests; timings live here.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
// sessions.ts sets cookies on Fastify replies; its types come with the cookie plugin's.
import type {} from '@fastify/cookie';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createAccount } from '../apps/server/src/auth/accounts.ts';
import { createSession, sessionCookieName } from '../apps/server/src/auth/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { valuables } from '../apps/server/src/db/vault-schema.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { createMailer } from '../apps/server/src/mail/mailer.ts';

const seconds = process.argv.includes('--quick') ? 3 : 10;
const itemCount = 1000;
const adminUrl = process.env.BENCH_DATABASE_URL;

async function createDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!adminUrl) return { drop: async () => {} };
  const name = `sv_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

const target = await createDatabase();
const database = await openDatabase({ url: target.url });
await database.migrate();
const now = new Date();
const { userId } = await createAccount(database.db, {
  email: `bench-${randomBytes(4).toString('hex')}@example.com`,
  passwordHash: 'not-a-real-hash',
  roles: ['user'],
  now,
});
const types = ['jewelry', 'artwork', 'documents', 'collectibles', 'precious_metals'] as const;
await database.db.insert(valuables).values(
  Array.from({ length: itemCount }, (_, i) => ({
    userId,
    itemName: `Item ${i}`,
    itemType: types[i % types.length] ?? 'jewelry',
    estimatedValue: `${i}.25`,
    dateStored: new Date(now.getTime() - i * 60_000),
  })),
);
const { token } = await createSession(database.db, { userId, now, userAgent: 'bench' });

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  // Production requires a mail server; the dashboard sends no mail.
  MAIL_URL: 'smtp://127.0.0.1:9',
  LOG_LEVEL: 'silent',
  DATA_KEY: randomBytes(32).toString('hex'),
});
const logger = createLogger('silent');
const mailer = createMailer({ db: database.db, mailUrl: undefined, from: config.mailFrom, logger });
const app = await buildApp({
  config,
  database,
  db: database.db,
  clock: { now: () => new Date() },
  logger,
  mailer,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

console.log(`${database.kind}, one customer with ${itemCount} valuables, ${seconds} s per route`);
console.log(
  `${'route'.padEnd(24)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}`,
);
try {
  for (const route of ['/api/v1/me/profile', '/api/v1/me/valuables', '/api/v1/me/summary']) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${route}`,
      connections: 8,
      duration: seconds,
      headers: { cookie: `${sessionCookieName}=${token}` },
    });
    console.log(
      `${route.padEnd(24)}${(result['2xx'] / result.duration).toFixed(1).padStart(10)}${String(result.latency.p50).padStart(9)}${String(result.latency.p99).padStart(9)}${String(result.non2xx + result.errors).padStart(9)}`,
    );
  }
} finally {
  await app.close();
  mailer.close();
  await database.close();
  await target.drop();
}
