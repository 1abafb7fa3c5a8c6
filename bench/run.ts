// `npm run bench` (DESIGN §7): the real server on a fresh PostgreSQL database under autocannon,
// with one process per core (WEB_CONCURRENCY, the production default) and with one, beside
// pgbench on the same database (the server's trade statement alone, then TPC-B-like) and a bare
// Fastify handler; a short round of cash transfers between customers with one process per core;
// then the same server on PGlite; then the growth run: the same requests with
// 10,000 customers and 1,000,000 journal rows against 64 customers. Prints each figure with the
// CPU each side spent on it (cpu.ts) and the issue's targets, met or missed by how much.
// `--quick` runs 5-second rounds; `--no-growth` skips the growth run and `--growth` runs only it;
// `--cpu-prof` has the PostgreSQL servers write CPU profiles (trades, with the transfers where
// they run, and summary from separate processes). BENCH_DATABASE_URL is the admin connection (databases are created and dropped).
// Not part of `npm test`: figures depend on the machine.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startCpuMeter } from './cpu.ts';
import { createDatabase, serverVersion, settle } from './databases.ts';
import {
  seedCustomers,
  seedManyCustomers,
  seedTransferParties,
  type TransferParty,
} from './seed.ts';
import { type RunningServer, startBareServer, startServer } from './servers.ts';
import {
  type Figure,
  perRequest,
  pgbench,
  silverBuy,
  tradeStatementScript,
  transferStatementScript,
} from './pgbench.ts';

const isQuick = process.argv.includes('--quick');
const runsMain = !process.argv.includes('--growth');
const runsGrowth = !process.argv.includes('--no-growth');
const profileRoot = process.argv.includes('--cpu-prof')
  ? mkdtempSync(path.join(os.tmpdir(), 'sv-bench-profiles-'))
  : undefined;
const seconds = {
  trades: isQuick ? 5 : 15,
  // A short round: the transfer figure is one more ratio, not a study of its own.
  transfers: isQuick ? 3 : 5,
  pgbench: isQuick ? 5 : 15,
  reads: isQuick ? 5 : 10,
};
const warmUpSeconds = isQuick ? 1 : 3;
const connections = 32;
const customers = 64;
const growth = { customers: 10_000, journalRows: 1_000_000 };
/** One process per core is what production runs (config.ts); the ratios are judged on it. */
const perCore = os.availableParallelism();
const workerCounts = perCore > 1 ? [perCore, 1] : [1];

const csrf = { 'x-requested-with': 'secure-vault' };
/**
 * A small buy: 100 mg of silver, worth $0.084, paid in whole cents ($0.09); every customer holds
 * about $1,000,000, so no buy is ever refused.
 */
const tradeBody = JSON.stringify({ side: 'buy', asset: 'AG', quantity: '100' });
/** Each transfer sends one cent of cash: nobody ever runs short. */
const transferAmount = '0.01';

interface ServerFigures {
  trade: Figure;
  summary: Figure;
  /** Measured with one process per core on PostgreSQL only. */
  transfer?: Figure;
}

const processes = (workers: number) => `${workers} process${workers === 1 ? '' : 'es'}`;

/** Sessions in turn, one per request, so customers trade concurrently now and then. */
function sessionRotation(tokens: string[]) {
  let next = 0;
  return (): string => `__Host-session=${tokens[next++ % tokens.length]}`;
}

/**
 * Transfers in turn: sender i sends a cent of cash to customer i + n/2, so the 32 requests in
 * flight at a time mostly lock 64 different cash positions, as the trades' sessions in turn do.
 */
function transferRotation(parties: TransferParty[]) {
  let next = 0;
  return () => {
    const index = next++ % parties.length;
    const sender = parties[index] as TransferParty;
    const receiver = parties[(index + parties.length / 2) % parties.length] as TransferParty;
    return {
      cookie: `__Host-session=${sender.token}`,
      body: JSON.stringify({
        receiverAccountNumber: receiver.accountNumber,
        valuableId: sender.cashId,
        quantity: transferAmount,
      }),
    };
  };
}

async function load(
  label: string,
  url: string,
  duration: number,
  request: {
    method: 'GET' | 'POST';
    body?: string;
    tokens?: string[];
    /** Each request's session and body, when they belong together (transfers). */
    rotate?: () => { cookie: string; body: string };
    /** A money movement: a fresh Idempotency-Key each, and only 201 counts. */
    isMovement?: boolean;
  },
  serverPid?: number,
): Promise<Figure> {
  const nextCookie = request.tokens ? sessionRotation(request.tokens) : undefined;
  const cpuUsed = startCpuMeter(serverPid);
  const result: Result = await autocannon({
    url,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        method: request.method,
        ...(request.body ? { body: request.body } : {}),
        setupRequest: (params) => {
          const pair = request.rotate?.();
          return {
            ...params,
            ...(pair ? { body: pair.body } : {}),
            headers: {
              ...(request.body || pair ? { 'content-type': 'application/json' } : {}),
              ...csrf,
              ...(pair ? { cookie: pair.cookie } : nextCookie ? { cookie: nextCookie() } : {}),
              ...(request.isMovement ? { 'idempotency-key': randomUUID() } : {}),
            },
          };
        },
      },
    ],
  });
  // A trade's or transfer's success is 201 Created: any other 2xx would mean it did not move.
  const succeeded = request.isMovement
    ? (result.statusCodeStats['201']?.count ?? 0)
    : result['2xx'];
  return {
    label,
    perSecond: succeeded / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + (result['2xx'] - succeeded),
    cpu: perRequest(cpuUsed(), succeeded),
  };
}

/** One trade before the load: it must answer 201 and pay the whole cents expected. */
async function checkOneTrade(url: string, token: string): Promise<void> {
  const response = await fetch(`${url}/api/v1/trades`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...csrf,
      cookie: `__Host-session=${token}`,
      'idempotency-key': randomUUID(),
    },
    body: tradeBody,
  });
  const body = (await response.json()) as { total?: string };
  if (response.status !== 201 || Number(body.total) !== Number(silverBuy.total)) {
    throw new Error(`a trade answered ${response.status} ${JSON.stringify(body)}`);
  }
}

/** One transfer before the load: it must answer 201, completed, moving exactly one cent. */
async function checkOneTransfer(url: string, parties: TransferParty[]): Promise<void> {
  const { cookie, body } = transferRotation(parties)();
  const response = await fetch(`${url}/api/v1/transfers`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...csrf,
      cookie,
      'idempotency-key': randomUUID(),
    },
    body,
  });
  const answer = (await response.json()) as { status?: string; amount?: string };
  if (
    response.status !== 201 ||
    answer.status !== 'completed' ||
    Number(answer.amount) !== Number(transferAmount)
  ) {
    throw new Error(`a transfer answered ${response.status} ${JSON.stringify(answer)}`);
  }
}

/**
 * Trades (after a checked trade and a warm-up), then the summary read, against a server that
 * `start` launches. When profiling, the summary gets a server of its own, so each profile holds
 * one kind of request.
 */
async function loadServer(
  name: string,
  start: (profileName: string) => Promise<RunningServer>,
  tokens: string[],
  parties?: TransferParty[],
): Promise<ServerFigures> {
  let server = await start('trades');
  try {
    await checkOneTrade(server.url, tokens[0] as string);
    const trades = `${server.url}/api/v1/trades`;
    const trade = { method: 'POST', body: tradeBody, tokens, isMovement: true } as const;
    await load('warm-up', trades, warmUpSeconds, trade);
    const tradeFigure = await load(
      `${name}: POST /api/v1/trades`,
      trades,
      seconds.trades,
      trade,
      server.pid,
    );
    let transferFigure: Figure | undefined;
    if (parties) {
      await checkOneTransfer(server.url, parties);
      const transfers = `${server.url}/api/v1/transfers`;
      const transfer = {
        method: 'POST',
        rotate: transferRotation(parties),
        isMovement: true,
      } as const;
      await load('warm-up', transfers, 1, transfer);
      transferFigure = await load(
        `${name}: POST /api/v1/transfers`,
        transfers,
        seconds.transfers,
        transfer,
        server.pid,
      );
    }
    if (profileRoot) {
      await server.stop();
      server = await start('summary');
    }
    const summary = `${server.url}/api/v1/me/summary`;
    if (profileRoot) await load('warm-up', summary, warmUpSeconds, { method: 'GET', tokens });
    const summaryFigure = await load(
      `${name}: GET /api/v1/me/summary`,
      summary,
      seconds.reads,
      { method: 'GET', tokens },
      server.pid,
    );
    return {
      trade: tradeFigure,
      summary: summaryFigure,
      ...(transferFigure ? { transfer: transferFigure } : {}),
    };
  } finally {
    await server.stop();
  }
}

/** The real server on PostgreSQL with `workers` processes, in a scratch DATA_DIR. */
function postgresServer(databaseUrl: string, workers: number, label: string) {
  return async (profileName: string): Promise<RunningServer> => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-bench-pg-'));
    let cpuProfileDir: string | undefined;
    if (profileRoot) {
      cpuProfileDir = path.join(profileRoot, `${label}-${profileName}`);
      mkdirSync(cpuProfileDir, { recursive: true });
    }
    const server = await startServer({ databaseUrl, dataDir, workers, cpuProfileDir });
    return {
      url: server.url,
      pid: server.pid,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
}

async function onPostgres() {
  const database = await createDatabase();
  let bare: RunningServer | undefined;
  try {
    const tokens = await seedCustomers({ url: database.url }, customers, '1000000');
    const parties = await seedTransferParties(database.url, customers, '1000000');
    const byWorkers = new Map<number, ServerFigures>();
    for (const workers of workerCounts) {
      byWorkers.set(
        workers,
        await loadServer(
          `PostgreSQL (${processes(workers)})`,
          postgresServer(database.url, workers, `postgres-${workers}`),
          tokens,
          // Transfers once, on what production runs: one process per core.
          workers === perCore ? parties : undefined,
        ),
      );
    }
    // The trade statement first: `pgbench -i` writes a million rows, whose checkpoint would
    // still be running under it.
    const tradeStatement = await pgbench(database.url, 'pgbench: the trade statement alone (tps)', {
      script: tradeStatementScript(customers, connections),
      clients: connections,
      seconds: seconds.pgbench,
    });
    const transferStatement = await pgbench(
      database.url,
      'pgbench: the transfer statement alone (tps)',
      {
        script: transferStatementScript(connections),
        clients: connections,
        seconds: seconds.pgbench,
      },
    );
    const tpcb = await pgbench(database.url, 'pgbench TPC-B-like (tps)', {
      clients: connections,
      seconds: seconds.pgbench,
    });
    bare = await startBareServer();
    const baseline = await load(
      'bare Fastify: GET / (constant JSON)',
      bare.url,
      seconds.reads,
      { method: 'GET' },
      bare.pid,
    );
    return { byWorkers, tpcb, tradeStatement, transferStatement, baseline };
  } finally {
    await bare?.stop();
    await database.drop();
  }
}

async function onPglite(): Promise<ServerFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-bench-pglite-'));
  try {
    const tokens = await seedCustomers({ dataDir }, customers, '1000000');
    return await loadServer(
      'PGlite (1 process)',
      () => startServer({ dataDir, workers: 1 }),
      tokens,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The growth run: 64 customers on a fresh database, then 10,000 customers whose journal holds
 * 1,000,000 rows, each served by the production default of one process per core.
 */
async function onGrowth() {
  const small = await createDatabase();
  let smallFigures: ServerFigures;
  try {
    const tokens = await seedCustomers({ url: small.url }, customers, '1000000');
    await settle(small.url);
    smallFigures = await loadServer(
      `${customers} customers`,
      postgresServer(small.url, perCore, 'growth-small'),
      tokens,
    );
  } finally {
    await small.drop();
  }
  const big = await createDatabase();
  try {
    const seedStarted = Date.now();
    const seeded = await seedManyCustomers(big.url, growth.customers, growth.journalRows);
    await settle(big.url);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const bigFigures = await loadServer(
      `${growth.customers} customers`,
      postgresServer(big.url, perCore, 'growth-big'),
      seeded.tokens,
    );
    return { small: smallFigures, big: bigFigures, journalRows: seeded.journalRows, seedSeconds };
  } finally {
    await big.drop();
  }
}

const number = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '' : value.toFixed(digits);

const labelWidth = 52;

function printFigures(figures: Figure[]) {
  console.log(`${''.padEnd(labelWidth + 36)}${'CPU ms per request'.padStart(24)}`);
  console.log(
    `${'measure'.padEnd(labelWidth)}${'per s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}${'server'.padStart(8)}${'db'.padStart(8)}${'client'.padStart(8)}`,
  );
  for (const f of figures) {
    console.log(
      `${f.label.padEnd(labelWidth)}${number(f.perSecond, 1).padStart(10)}${number(f.p50, 1).padStart(9)}${number(f.p99).padStart(9)}${number(f.failures).padStart(8)}${number(f.cpu?.server, 3).padStart(8)}${number(f.cpu?.database, 3).padStart(8)}${number(f.cpu?.client, 3).padStart(8)}`,
    );
  }
}

/** A target: at least `target` (ratios) or, with `isCeiling`, at most (latency). */
function printTarget(label: string, value: number, target: number, isCeiling = false) {
  const isMet = isCeiling ? value <= target : value >= target;
  const verdict = isMet
    ? 'met'
    : `MISSED by ${((Math.abs(value - target) / target) * 100).toFixed(0)}%`;
  const targetText = `${isCeiling ? '≤' : '≥'} ${target}`;
  console.log(
    `${label.padEnd(labelWidth)}${value.toFixed(2).padStart(10)}   target ${targetText.padEnd(7)} ${verdict}`,
  );
}

function printTargets(
  pg: ServerFigures,
  tpcb: Figure,
  baseline: Figure,
  pglite: ServerFigures,
  suffix: string,
) {
  printTarget(`trades ÷ pgbench tps${suffix}`, pg.trade.perSecond / tpcb.perSecond, 1);
  printTarget(`summary ÷ bare Fastify${suffix}`, pg.summary.perSecond / baseline.perSecond, 0.3);
  printTarget(`trade p99 ms at ${connections} connections${suffix}`, pg.trade.p99 ?? NaN, 50, true);
  printTarget(
    `PGlite ÷ PostgreSQL, trades${suffix}`,
    pglite.trade.perSecond / pg.trade.perSecond,
    0.33,
  );
  printTarget(
    `PGlite ÷ PostgreSQL, summary${suffix}`,
    pglite.summary.perSecond / pg.summary.perSecond,
    0.33,
  );
}

/** A ratio the issue sets no target for, printed in the targets' columns. */
function printRatio(label: string, value: number, note: string) {
  console.log(`${label.padEnd(labelWidth)}${value.toFixed(2).padStart(10)}   (${note})`);
}

/** Server and PostgreSQL CPU ms per request together: the cost the growth run compares. */
const serverAndDatabase = (f: Figure) =>
  f.cpu ? (f.cpu.server ?? 0) + f.cpu.database : Number.NaN;

function printGrowth(result: Awaited<ReturnType<typeof onGrowth>>) {
  const { small, big } = result;
  console.log(
    `Growth (${processes(perCore)}): ${customers} customers against ${growth.customers.toLocaleString('en')} customers with ${result.journalRows.toLocaleString('en')} journal rows (seeded in ${result.seedSeconds.toFixed(0)} s)`,
  );
  const side = 'per s  p50 ms  p99 ms  CPU ms';
  const columns = (f: Figure) =>
    `${number(f.perSecond, 1).padStart(10)}${number(f.p50, 1).padStart(8)}${number(f.p99).padStart(8)}${number(serverAndDatabase(f), 3).padStart(8)}`;
  console.log(
    `${''.padEnd(26)}${`${customers} customers`.padStart(34)}${`${growth.customers} customers`.padStart(34)}`,
  );
  console.log(`${'request'.padEnd(26)}${side.padStart(34)}${side.padStart(34)}`);
  for (const [name, key] of [
    ['POST /api/v1/trades', 'trade'],
    ['GET /api/v1/me/summary', 'summary'],
  ] as const) {
    console.log(`${name.padEnd(26)}${columns(small[key])}${columns(big[key])}`);
  }
  console.log("(CPU ms: the server's and PostgreSQL's CPU per request together)");
  // Within 10 % counts as the same cost: rounds on this shared machine vary about that much.
  printTarget('trades/s: big ÷ small', big.trade.perSecond / small.trade.perSecond, 0.9);
  printTarget('summaries/s: big ÷ small', big.summary.perSecond / small.summary.perSecond, 0.9);
  printTarget(
    'trade CPU ms: big ÷ small',
    serverAndDatabase(big.trade) / serverAndDatabase(small.trade),
    1.1,
    true,
  );
  printTarget(
    'summary CPU ms: big ÷ small',
    serverAndDatabase(big.summary) / serverAndDatabase(small.summary),
    1.1,
    true,
  );
}

const started = Date.now();
const load1 = () => os.loadavg()[0]?.toFixed(2) ?? '?';
console.log(
  `Secure Vault benchmark${isQuick ? ' (quick)' : ''}: ${os.availableParallelism()} CPUs, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${await serverVersion()}, ${connections} connections, ${customers} customers; WEB_CONCURRENCY ${workerCounts.join(' then ')}; load average before: ${load1()}`,
);
const allFigures: Figure[] = [];
if (runsMain) {
  const postgres = await onPostgres();
  console.log(`PostgreSQL done (load average ${load1()}); now PGlite…`);
  const pglite = await onPglite();
  const judged = postgres.byWorkers.get(perCore) as ServerFigures;
  const figures = [
    ...[...postgres.byWorkers.values()].flatMap(({ trade, summary, transfer }) =>
      transfer ? [trade, transfer, summary] : [trade, summary],
    ),
    postgres.tpcb,
    postgres.tradeStatement,
    postgres.transferStatement,
    postgres.baseline,
    pglite.trade,
    pglite.summary,
  ];
  allFigures.push(...figures);
  console.log();
  printFigures(figures);
  console.log(
    `\nTargets, judged on PostgreSQL with WEB_CONCURRENCY=${perCore} (one process per core, as production runs):`,
  );
  printTargets(judged, postgres.tpcb, postgres.baseline, pglite, '');
  if (judged.transfer) {
    printRatio(
      'transfers ÷ pgbench tps',
      judged.transfer.perSecond / postgres.tpcb.perSecond,
      `target ≥ 0.8 (issue 25); trades ÷ pgbench tps ${(judged.trade.perSecond / postgres.tpcb.perSecond).toFixed(2)} in the same run`,
    );
    console.log(
      `Where the transfer's time goes: the transfer statement alone ÷ pgbench tps = ${(postgres.transferStatement.perSecond / postgres.tpcb.perSecond).toFixed(2)}; transfers over HTTP ÷ the statement alone = ${(judged.transfer.perSecond / postgres.transferStatement.perSecond).toFixed(2)}`,
    );
  }
  console.log(
    `\nWhere the trade's time goes: the trade statement alone ÷ pgbench tps = ${(postgres.tradeStatement.perSecond / postgres.tpcb.perSecond).toFixed(2)} (the database's own ceiling for trades); trades over HTTP ÷ the statement alone = ${(judged.trade.perSecond / postgres.tradeStatement.perSecond).toFixed(2)}`,
  );
  const single = postgres.byWorkers.get(1);
  if (perCore > 1 && single) {
    console.log('\nThe same with WEB_CONCURRENCY=1, for comparison (not judged):');
    printTargets(single, postgres.tpcb, postgres.baseline, pglite, ' (1 process)');
  }
}
if (runsGrowth) {
  console.log(runsMain ? `\nNow the growth run (load average ${load1()})…` : 'Growth run…');
  const result = await onGrowth();
  allFigures.push(result.small.trade, result.small.summary, result.big.trade, result.big.summary);
  console.log();
  printGrowth(result);
}
if (profileRoot) console.log(`\nCPU profiles of the PostgreSQL servers: ${profileRoot}`);
console.log(
  `\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average after: ${load1()}`,
);
const failures = allFigures.reduce((sum, f) => sum + (f.failures ?? 0), 0);
if (failures > 0) {
  console.error(`${failures} requests failed: the figures above are not trustworthy.`);
  process.exitCode = 1;
}
