// PostgreSQL ending the server's connections (a restart, a failover, an administrator): each is
// logged and replaced, and the process keeps serving. An unhandled 'error' event would crash
// the test worker, which Vitest reports as a failure.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { createTestApp, dbKind, type TestApp } from '../test/test-app.ts';

const lines: string[] = [];
const logged = (message: string) =>
  lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.msg === message);

let t: TestApp;
let admin: pg.Client;
let databaseName: string;

/** Ends this app's pooled connections or its LISTEN connection, from another connection. */
async function terminate(which: 'pooled' | 'listen'): Promise<number> {
  const result = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = $1 and backend_type = 'client backend' and (query ilike 'LISTEN%') = $2`,
    [databaseName, which === 'listen'],
  );
  return result.rowCount ?? 0;
}

describe.skipIf(dbKind !== 'postgres')(
  'lost PostgreSQL connections (needs a PostgreSQL server to end them)',
  () => {
    beforeAll(async () => {
      t = await createTestApp({
        logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
      });
      const result = await t.ctx.db.execute(sql`select current_database() as name`);
      [{ name: databaseName }] = (result as { rows: [{ name: string }] }).rows;
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    it('logs an idle pooled connection that PostgreSQL ended, and the next query succeeds', async () => {
      // Several idle connections in the pool.
      await Promise.all([1, 2, 3].map(() => t.ctx.db.execute(sql`select pg_sleep(0.05)`)));
      const ended = await terminate('pooled');
      expect(ended).toBeGreaterThanOrEqual(1);

      await vi.waitFor(() =>
        expect(logged('database connection lost; the pool replaces it')).toHaveLength(ended),
      );
      await t.ctx.database.ping();
      const health = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(health.statusCode).toBe(200);
    });

    it('logs a connection lost inside a transaction; that transaction fails, the next succeeds', async () => {
      const before = logged('database connection lost; the pool replaces it').length;
      const transaction = t.ctx.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid`);
        const [{ pid }] = (result as { rows: [{ pid: number }] }).rows;
        // Between two queries: the client is checked out and has no query running.
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await vi.waitFor(() =>
          expect(logged('database connection lost; the pool replaces it')).toHaveLength(before + 1),
        );
        await tx.execute(sql`select 1`);
      });
      // The transaction's next query fails (not a timed-out wait above).
      await expect(transaction).rejects.toMatchObject({
        cause: { message: expect.stringContaining('not queryable') },
      });
      await t.ctx.database.ping();
    });

    it('logs a lost LISTEN connection and reconnects it, on every channel', async () => {
      // One connection carries every channel the process listens on (db/listener.ts): the
      // realtime notices, and the price book's for the sockets, the quote book and the alerts.
      expect(await terminate('listen')).toBe(1);
      await vi.waitFor(() =>
        expect(logged('LISTEN connection lost; reconnecting')).toHaveLength(1),
      );
      await vi.waitFor(() => expect(logged('LISTEN connection restored')).toHaveLength(1), {
        timeout: 5000,
      });
      const heard: string[] = [];
      const stop = await t.ctx.database.listen('sv_test_channel', (payload) => heard.push(payload));
      await t.ctx.db.execute(sql`select pg_notify('sv_test_channel', 'after the reconnect')`);
      await vi.waitFor(() => expect(heard).toEqual(['after the reconnect']));
      await stop();
      // Still one connection, listening on the channels the app had before.
      const listening = await admin.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = $1 and backend_type = 'client backend' and query ilike 'LISTEN%'`,
        [databaseName],
      );
      expect(listening.rows[0]?.n).toBeLessThanOrEqual(1);
    });

    it('never logs the connection string', () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toContain(url.host);
        if (url.password) expect(line).not.toContain(url.password);
      }
    });
  },
);
