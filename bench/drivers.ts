// `node bench/drivers.ts [--quick]`: which PostgreSQL driver should carry the server's
// one-statement requests (issue 10, "driver by measurement")? On one fresh database with 64
// customers, each driver runs the server's own trade and summary statements, 32 at a time, with
// no HTTP in the way: the ledger's `trade()` and the vault's `getSummary()` are called as the
// routes call them, with a Database whose `query()` is the driver under test, so the SQL text,
// the parameters and the work around them are exactly the server's. Prints statements/s and this
// process's CPU time per statement (process.cpuUsage: the driver's cost, plus the same small
// share of ledger code for every driver). BENCH_DATABASE_URL is the admin connection.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import postgres from 'postgres';
import { findAsset } from '@secure-vault/shared/catalogue';
import { quote } from '@secure-vault/shared/trading';
import { sessionCaller } from '../apps/server/src/auth/session-caller.ts';
import { sessionCookieName } from '../apps/server/src/auth/sessions.ts';
import { type AppContext, systemClock } from '../apps/server/src/context.ts';
import type { Caller } from '../apps/server/src/db/caller.ts';
import { type Database, openDatabase, type Statement } from '../apps/server/src/db/client.ts';
import { getSummary } from '../apps/server/src/features/vault/get-summary.ts';
import { trade } from '../apps/server/src/ledger/trade.ts';
import { createDatabase } from './databases.ts';
import { seedCustomers } from './seed.ts';

const isQuick = process.argv.includes('--quick');
const seconds = isQuick ? 3 : 10;
const warmUpSeconds = isQuick ? 1 : 2;
const concurrency = 32;
/** The server's pool size per process (db/client.ts). */
const poolSize = 20;

/** A driver is a way to run one of the server's statements: Database['query']. */
interface Driver {
  name: string;
  query: Database['query'];
  close(): Promise<void>;
}

/**
 * (a) node-postgres, named prepared statements: the server's own Database.query(). With fewer
 * connections than statements in flight the rest wait their turn (node-postgres does not
 * pipeline): the control for postgres.js on the same few connections.
 */
async function nodePostgres(url: string, max: number): Promise<Driver> {
  const database = await openDatabase({ url, poolSize: max });
  const name =
    max === poolSize
      ? 'node-postgres, prepared (the server now)'
      : `node-postgres, prepared, ${max} connections`;
  return { name, ...database };
}

/** (b) postgres.js: prepared statements; past `max` connections it pipelines on busy ones. */
function postgresJs(url: string, max: number): Driver {
  const client = postgres(url, { max, prepare: true, onnotice: () => {} });
  return {
    name: `postgres.js, prepared, ${max} connections${max < concurrency ? ' (pipelining)' : ''}`,
    query: async <Row>(statement: Statement, params: readonly unknown[]) =>
      (await client.unsafe(statement.text, params as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      })) as unknown as Row[],
    close: () => client.end(),
  };
}

/** The statement as a Drizzle sql`…` with its values in place of $1…$n (each is used once). */
function toDrizzle(text: string, params: readonly unknown[]): SQL {
  return sql.join(
    text
      .split(/\$(\d+)/)
      .map((piece, i) => (i % 2 ? sql`${params[Number(piece) - 1]}` : sql.raw(piece))),
  );
}

/**
 * (c) Drizzle's `db.execute(sql…)`, as the server runs its other queries: an unnamed statement,
 * parsed and planned on every call; or (d) a Drizzle prepared query (what a builder's
 * `.prepare(name)` makes), named and prepared once per connection.
 */
function drizzleDriver(url: string, isPrepared: boolean): Driver {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // pool.end() does not wait for the server to let go; dropping the database then ends the
  // connections from its side, which an idle pool client reports here.
  pool.on('error', () => {});
  const db = drizzle(pool);
  const prepared = new Map<string, ReturnType<typeof db._.session.prepareQuery>>();
  return {
    name: isPrepared ? 'Drizzle, prepared query' : 'Drizzle db.execute(sql…), unprepared',
    query: async <Row>(statement: Statement, params: readonly unknown[]) => {
      if (!isPrepared) {
        return (await db.execute(toDrizzle(statement.text, params))).rows as Row[];
      }
      let query = prepared.get(statement.name);
      if (!query) {
        // The text's $1…$n stay as they are; Drizzle fills them from named placeholders.
        const placeholders = params.map((_, i) => sql.placeholder(String(i)));
        query = db._.session.prepareQuery(
          { sql: statement.text, params: placeholders },
          undefined,
          statement.name,
          false,
        );
        prepared.set(statement.name, query);
      }
      const values = Object.fromEntries(params.map((value, i) => [String(i), value]));
      // Without selected fields Drizzle hands back the driver's own result.
      return ((await query.execute(values)) as pg.QueryResult).rows as Row[];
    },
    close: () => pool.end(),
  };
}

/**
 * The signed-in caller the routes build (auth/session-caller.ts), joining auth_session() to the
 * statement, minus its after-answer write of last_seen_at, which is not the driver's work.
 */
function callerFor(token: string): Caller {
  const ctx = { clock: systemClock } as AppContext;
  const request = { cookies: { [sessionCookieName]: token } } as unknown as FastifyRequest;
  return { ...sessionCaller(ctx, request), accept: () => {} };
}

const silver = findAsset('AG');
const priced = silver && quote(silver, { quantity: '100' }, 'buy');
if (!silver || !priced?.ok) throw new Error('cannot price 100 mg of silver');

/** The two requests, as the routes run them, on `database`. */
const requests = {
  trade: async (database: Database, caller: Caller) => {
    const outcome = await trade(database, caller, {
      side: 'buy',
      asset: silver,
      quote: priced.quote,
      at: new Date(),
      idempotency: { key: randomUUID(), requestHash: 'bench' },
    });
    if (outcome.status !== 201) throw new Error(`a trade answered ${outcome.status}`);
  },
  summary: async (database: Database, caller: Caller) => {
    await getSummary({ database } as AppContext, caller);
  },
};

/** `concurrency` loops calling `request` for `duration` seconds; statements/s and CPU each. */
async function measure(
  driver: Driver,
  request: (database: Database, caller: Caller) => Promise<void>,
  callers: Caller[],
  duration: number,
) {
  const database = { query: driver.query } as Database;
  let count = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let i = loop; performance.now() < until; i += concurrency) {
        await request(database, callers[i % callers.length] as Caller);
        count += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { perSecond: count / elapsed, cpuMs: (used.user + used.system) / 1000 / count };
}

const target = await createDatabase();
try {
  const tokens = await seedCustomers({ url: target.url }, 64, '1000000');
  const callers = tokens.map(callerFor);
  const drivers = [
    await nodePostgres(target.url, poolSize),
    await nodePostgres(target.url, 4),
    postgresJs(target.url, poolSize),
    postgresJs(target.url, 4),
    drizzleDriver(target.url, false),
    drizzleDriver(target.url, true),
  ];
  console.log(
    `Drivers: ${os.availableParallelism()} CPUs, Node ${process.version}, ${concurrency} statements at a time, ${seconds} s each (after ${warmUpSeconds} s warm-up); load average before: ${os.loadavg()[0]?.toFixed(2)}\n`,
  );
  console.log(
    `${'driver'.padEnd(54)}${'trades/s'.padStart(10)}${'CPU ms'.padStart(8)}${'summaries/s'.padStart(13)}${'CPU ms'.padStart(8)}`,
  );
  for (const driver of drivers) {
    await measure(driver, requests.trade, callers, warmUpSeconds);
    const trades = await measure(driver, requests.trade, callers, seconds);
    await measure(driver, requests.summary, callers, warmUpSeconds);
    const summaries = await measure(driver, requests.summary, callers, seconds);
    console.log(
      `${driver.name.padEnd(54)}${trades.perSecond.toFixed(0).padStart(10)}${trades.cpuMs.toFixed(3).padStart(8)}${summaries.perSecond.toFixed(0).padStart(13)}${summaries.cpuMs.toFixed(3).padStart(8)}`,
    );
    await driver.close();
  }
  console.log(`\nload average after: ${os.loadavg()[0]?.toFixed(2)}`);
} finally {
  await target.drop();
}
