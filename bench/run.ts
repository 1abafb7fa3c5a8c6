// `npm run bench` (DESIGN §7): the real server on a fresh PostgreSQL database under autocannon,
// beside pgbench's TPC-B-like run on the same database and a bare Fastify handler; then the
// same server on PGlite. Prints each figure and its ratio to the baseline. `--quick` runs
// 5-second rounds. BENCH_DATABASE_URL is the admin connection (a database is created and
// dropped). Not part of `npm test`: figures depend on the machine.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { seedCustomers } from './seed.ts';
import { type RunningServer, startBareServer, startServer } from './servers.ts';

const run = promisify(execFile);
const isQuick = process.argv.includes('--quick');
const seconds = { trades: isQuick ? 5 : 15, pgbench: isQuick ? 5 : 15, reads: isQuick ? 5 : 10 };
const warmUpSeconds = isQuick ? 1 : 3;
const connections = 32;
const customers = 64;
const pgbenchPath = process.env.PGBENCH ?? '/usr/bin/pgbench';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const csrf = { 'x-requested-with': 'secure-vault' };
/** A small buy: 100 mg of silver, $0.084; every customer holds $1,000,000. */
const tradeBody = JSON.stringify({ side: 'buy', asset: 'AG', quantity: '100' });

interface Figure {
  label: string;
  perSecond: number;
  p50?: number;
  p99?: number;
  failures?: number;
}

/** Sessions in turn, one per request, so customers trade concurrently now and then. */
function sessionRotation(tokens: string[]) {
  let next = 0;
  return (): string => `__Host-session=${tokens[next++ % tokens.length]}`;
}

async function load(
  label: string,
  url: string,
  duration: number,
  request: { method: 'GET' | 'POST'; body?: string; tokens?: string[]; isTrade?: boolean },
): Promise<Figure> {
  const nextCookie = request.tokens ? sessionRotation(request.tokens) : undefined;
  const result: Result = await autocannon({
    url,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        method: request.method,
        ...(request.body ? { body: request.body } : {}),
        setupRequest: (params) => ({
          ...params,
          headers: {
            ...(request.body ? { 'content-type': 'application/json' } : {}),
            ...csrf,
            ...(nextCookie ? { cookie: nextCookie() } : {}),
            ...(request.isTrade ? { 'idempotency-key': randomUUID() } : {}),
          },
        }),
      },
    ],
  });
  return {
    label,
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

async function pgbench(databaseUrl: string): Promise<Figure> {
  await run(pgbenchPath, ['-i', '-s', '10', '-q', databaseUrl], { maxBuffer: 1 << 24 });
  const { stdout } = await run(
    pgbenchPath,
    [
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds.pgbench),
      '-M',
      'prepared',
      databaseUrl,
    ],
    { maxBuffer: 1 << 24 },
  );
  const tps =
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
      stdout,
    );
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  if (!tps?.[1]) throw new Error(`no tps in pgbench output:\n${stdout}`);
  return {
    label: 'pgbench TPC-B-like (tps)',
    perSecond: Number(tps[1]),
    p50: Number(latency?.[1] ?? NaN),
  };
}

/** Trades (with a warm-up) and the summary read against one running server. */
async function loadServer(name: string, server: RunningServer, tokens: string[]) {
  const trades = `${server.url}/api/v1/trades`;
  await load('warm-up', trades, warmUpSeconds, {
    method: 'POST',
    body: tradeBody,
    tokens,
    isTrade: true,
  });
  const trade = await load(`${name}: POST /api/v1/trades`, trades, seconds.trades, {
    method: 'POST',
    body: tradeBody,
    tokens,
    isTrade: true,
  });
  const summary = await load(
    `${name}: GET /api/v1/me/summary`,
    `${server.url}/api/v1/me/summary`,
    seconds.reads,
    {
      method: 'GET',
      tokens,
    },
  );
  return { trade, summary };
}

async function onPostgres() {
  const name = `sv_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
    ?.server_version;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-bench-pg-'));
  let server: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    const tokens = await seedCustomers({ url: databaseUrl }, customers, '1000000');
    server = await startServer({ databaseUrl, dataDir });
    const { trade, summary } = await loadServer('PostgreSQL', server, tokens);
    const tpcb = await pgbench(databaseUrl);
    bare = await startBareServer();
    const baseline = await load('bare Fastify: GET / (constant JSON)', bare.url, seconds.reads, {
      method: 'GET',
    });
    return { version, trade, summary, tpcb, baseline };
  } finally {
    await bare?.stop();
    await server?.stop();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-bench-pglite-'));
  let server: RunningServer | undefined;
  try {
    const tokens = await seedCustomers({ dataDir }, customers, '1000000');
    server = await startServer({ dataDir });
    return await loadServer('PGlite', server, tokens);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const number = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '' : value.toFixed(digits);

function printFigures(figures: Figure[]) {
  console.log(
    `${'measure'.padEnd(44)}${'per s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}`,
  );
  for (const f of figures) {
    console.log(
      `${f.label.padEnd(44)}${number(f.perSecond, 1).padStart(10)}${number(f.p50, 1).padStart(9)}${number(f.p99).padStart(9)}${number(f.failures).padStart(8)}`,
    );
  }
}

function printRatio(label: string, value: number, target: number, targetText: string) {
  const verdict =
    value >= target ? 'met' : `MISSED by ${(((target - value) / target) * 100).toFixed(0)}%`;
  console.log(
    `${label.padEnd(44)}${value.toFixed(2).padStart(10)}   target ${targetText.padEnd(7)} ${verdict}`,
  );
}

const started = Date.now();
const load1 = () => os.loadavg()[0]?.toFixed(2) ?? '?';
console.log(
  `Secure Vault benchmark${isQuick ? ' (quick)' : ''}: ${os.availableParallelism()} CPUs, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${connections} connections, ${customers} customers; load average before: ${load1()}`,
);
const postgres = await onPostgres();
console.log(`PostgreSQL ${postgres.version ?? '?'} done; now PGlite…`);
const pglite = await onPglite();
console.log();
printFigures([
  postgres.trade,
  postgres.tpcb,
  postgres.summary,
  postgres.baseline,
  pglite.trade,
  pglite.summary,
]);
console.log();
printRatio(
  'trades ÷ pgbench tps',
  postgres.trade.perSecond / postgres.tpcb.perSecond,
  0.8,
  '≥ 0.8',
);
printRatio(
  'summary ÷ bare Fastify',
  postgres.summary.perSecond / postgres.baseline.perSecond,
  0.25,
  '≥ 0.25',
);
printRatio(
  'PGlite ÷ PostgreSQL, trades',
  pglite.trade.perSecond / postgres.trade.perSecond,
  1 / 3,
  '≥ 0.33',
);
printRatio(
  'PGlite ÷ PostgreSQL, summary',
  pglite.summary.perSecond / postgres.summary.perSecond,
  1 / 3,
  '≥ 0.33',
);
console.log(
  `\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average after: ${load1()}`,
);
const failures = [
  postgres.trade,
  postgres.summary,
  postgres.baseline,
  pglite.trade,
  pglite.summary,
].reduce((sum, f) => sum + (f.failures ?? 0), 0);
if (failures > 0) {
  console.error(`${failures} requests failed: the figures above are not trustworthy.`);
  process.exitCode = 1;
}
