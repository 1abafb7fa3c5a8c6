// WEB_CONCURRENCY on PostgreSQL: the real server started with two workers on a fresh database.
// What is checked is seen from outside: the primary's children (ps), which process holds each
// accepted connection (ss), the LISTEN connections and the migrations table in PostgreSQL, and
// the log lines each process prints with its pid.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimePath } from '@secure-vault/shared/realtime';
import { sessionCookieName } from './auth/sessions.ts';
import { openDatabase } from './db/client.ts';
import { createCustomer } from './test/customers.ts';
import { freePort } from './test/server-process.ts';
import { appOnDatabase, createPostgresDatabase, dbKind, type TestApp } from './test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const adminEmail = 'cluster.admin@example.com';
const migrationCount = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const ascending = (a: number, b: number) => a - b;

interface LogLine {
  pid: number;
  msg: string;
  [field: string]: unknown;
}

interface Primary {
  pid: number;
  url: string;
  exited: Promise<number | null>;
  isRunning(): boolean;
  output(): string;
  /** The JSON log lines, of the primary and its workers, with this message. */
  logs(msg: string): LogLine[];
}

/** The server as `npm start` runs it, with Node 24 from the root devDependency when installed. */
function startPrimary(env: Record<string, string>, port: number): Primary {
  const pinned = path.join(root, 'node_modules/node/bin/node');
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    existsSync(pinned) ? pinned : process.execPath,
    [path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Workers write to the primary's own stdout and stderr; the logger writes to stdout.
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' comes once every process holding those pipes has ended, workers included.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  return {
    pid: child.pid ?? 0,
    url,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    logs: (msg) =>
      stdout
        .split('\n')
        .slice(0, -1) // the last line may not be whole yet
        .map((line) => JSON.parse(line) as LogLine)
        .filter((line) => line.msg === msg),
  };
}

/** Polls until `check` gives a value, failing with the server's output if it exits or lags. */
async function waitFor<T>(primary: Primary, what: string, check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (!primary.isRunning() || Date.now() > deadline) {
      throw new Error(`waited in vain for ${what}:\n${primary.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What `ps --ppid` lists: the primary's worker processes. */
function childPids(pid: number): number[] {
  const listed = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' });
  return listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0)
    .sort(ascending);
}

/** The processes holding the server's end of the connection from `clientPort` (ss -p). */
function holdersOf(serverPort: number, clientPort: number): number[] {
  const listed = execFileSync(
    'ss',
    ['-Htnp', 'state', 'established', `( sport = :${serverPort} and dport = :${clientPort} )`],
    { encoding: 'utf8' },
  );
  return [...listed.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Tab {
  socket: WebSocket;
  /** The client's port, by which `ss` finds the server's end. */
  localPort: number;
  next(): Promise<unknown>;
}

async function openTab(url: string, cookie: string): Promise<Tab> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${realtimePath}`, {
    headers: { cookie: `${sessionCookieName}=${cookie}` },
  });
  const messages: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  socket.on('message', (data) => {
    const message: unknown = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '');
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  // Both come in one tick: wait for them together.
  const [[response]] = (await Promise.all([once(socket, 'upgrade'), once(socket, 'open')])) as [
    [{ socket: { localPort: number } }],
    unknown,
  ];
  return {
    socket,
    localPort: response.socket.localPort,
    next: () =>
      messages.length > 0
        ? Promise.resolve(messages.shift())
        : new Promise((resolve) => waiters.push(resolve)),
  };
}

describe.skipIf(dbKind !== 'postgres')(
  'WEB_CONCURRENCY=2 (PostgreSQL only: PGlite refuses it, see main.test.ts)',
  () => {
    let database: { url: string; drop(): Promise<void> } | undefined;
    let sql: pg.Client | undefined;
    let dataDir = '';
    let primary: Primary | undefined;
    let setup: TestApp | undefined;
    let env: Record<string, string> = {};

    const running = () => {
      if (!primary) throw new Error('no server');
      return primary;
    };
    const query = async <Row extends pg.QueryResultRow>(text: string) => {
      if (!sql) throw new Error('no database client');
      return (await sql.query<Row>(text)).rows;
    };
    const listeners = () =>
      query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN%'`,
      );

    beforeAll(async () => {
      database = await createPostgresDatabase();
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-cluster-'));
      env = {
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        DATA_KEY: randomBytes(32).toString('hex'),
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: 'cluster-admin-password',
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '2',
        METRICS_PORT: String(await freePort()),
      };
      const server = startPrimary(env, await freePort());
      primary = server;
      await waitFor(server, 'both workers', () =>
        server.logs('worker process listening').length === 2 &&
        server.logs(`Secure Vault is running at ${server.url}`).length === 1
          ? true
          : undefined,
      );
    }, 60_000);

    afterAll(async () => {
      if (primary?.isRunning()) process.kill(primary.pid, 'SIGKILL');
      await primary?.exited;
      await setup?.close();
      await sql?.end();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('migrates once in the primary, then runs two workers that each LISTEN', async () => {
      const server = running();
      const workers = childPids(server.pid);
      expect(workers).toHaveLength(2);
      expect(
        server
          .logs('worker process listening')
          .map((line) => line.pid)
          .sort(ascending),
      ).toEqual(workers);
      // The database was empty: the primary made every table, one row per migration, before
      // forking; workers racing to migrate would have failed or written rows twice.
      expect(
        await query(
          'select count(*)::int as applied, count(distinct hash)::int as "distinct" from drizzle.__drizzle_migrations',
        ),
      ).toEqual([{ applied: migrationCount, distinct: migrationCount }]);
      const adminChecks = server.logs('staff account from ADMIN_EMAIL checked');
      expect(adminChecks.map(({ pid, result }) => ({ pid, result }))).toEqual([
        { pid: server.pid, result: 'created' },
      ]);
      expect(await listeners()).toEqual([{ count: 2 }]);
    });

    it('tells sockets on both workers about a change made through either', async () => {
      const server = running();
      const workers = childPids(server.pid);
      setup = await appOnDatabase(await openDatabase({ url: database?.url, poolSize: 2 }));
      const customer = await createCustomer(setup, { cash: '1000', label: 'cluster' });

      // The primary hands connections to its workers in turn: two tabs, one on each.
      const tabs = [await openTab(server.url, customer.cookie)];
      tabs.push(await openTab(server.url, customer.cookie));
      const port = Number(new URL(server.url).port);
      const holders = tabs.map((tab) =>
        holdersOf(port, tab.localPort).filter((pid) => workers.includes(pid)),
      );
      expect(holders.flat().sort(ascending)).toEqual(workers);

      const bought = await fetch(`${server.url}/api/v1/trades`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'secure-vault',
          'idempotency-key': randomUUID(),
          cookie: `${sessionCookieName}=${customer.cookie}`,
        },
        body: JSON.stringify({ side: 'buy', asset: 'AU', total: '100.00' }),
      });
      expect(bought.status, await bought.text()).toBe(201);
      for (const tab of tabs) {
        expect(await tab.next()).toEqual({ type: 'changed', topic: 'valuables' });
        tab.socket.close();
      }
    });

    it('answers for both workers on the primary’s metrics port', async () => {
      const server = running();
      const scrape = async () => {
        const res = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`);
        expect(res.status).toBe(200);
        const text = await res.text();
        const line = text
          .split('\n')
          .find((candidate) =>
            candidate.startsWith(
              'sv_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} ',
            ),
          );
        return { text, health: Number(line?.split(' ')[1] ?? 0) };
      };
      const before = await scrape();
      // The primary hands connections to its workers in turn: both answer some of these.
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } });
        expect(res.status).toBe(200);
      }
      const after = await scrape();
      expect(after.health - before.health).toBe(10);
      // Read from the database, the same in every worker: one figure, not the workers' sum.
      expect(after.text).toMatch(/^sv_mail_queue_given_up 0$/m);
    });

    it('replaces a worker that dies, without migrating again', async () => {
      const server = running();
      const [killed, survivor] = childPids(server.pid);
      if (killed === undefined || survivor === undefined) throw new Error('no workers');
      process.kill(killed, 'SIGKILL');

      const replacement = await waitFor(server, 'a replacement worker', () =>
        server
          .logs('worker process listening')
          .find(({ pid }) => pid !== killed && pid !== survivor),
      );
      expect(childPids(server.pid)).toEqual([survivor, replacement.pid].sort(ascending));
      expect(server.logs('worker process died; starting another')).toMatchObject([
        { pid: server.pid, worker: killed, signal: 'SIGKILL' },
      ]);
      expect(server.logs('staff account from ADMIN_EMAIL checked')).toHaveLength(1);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    }, 60_000);

    it('stops every worker on SIGTERM, then exits 0', async () => {
      const server = running();
      const workers = childPids(server.pid);
      process.kill(server.pid, 'SIGTERM');
      expect(await server.exited, server.output()).toBe(0);

      // Each worker closed its app and database as a single process does.
      expect(
        server
          .logs('shutting down')
          .map((line) => line.pid)
          .sort(ascending),
      ).toEqual([server.pid, ...workers].sort(ascending));
      for (const pid of workers) expect(isAlive(pid)).toBe(false);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    });

    it('gives up with exit code 1 when workers keep dying at start-up', async () => {
      // The port is taken, so every worker fails to listen, and so would any replacement.
      const taken = createServer().listen(0, '127.0.0.1');
      await once(taken, 'listening');
      const address = taken.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      try {
        const server = startPrimary(env, address.port);
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain('EADDRINUSE');
        expect(
          server.logs('worker processes keep dying at start-up (their error is above); stopping'),
        ).toHaveLength(1);
      } finally {
        taken.close();
      }
    }, 60_000);
  },
);
