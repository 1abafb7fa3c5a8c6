// Crash test on PostgreSQL (issue 9, deliverable 9): the real server, a child process under a
// load of trades, is killed with SIGKILL and restarted on the same database; then PostgreSQL
// ends its connections (pg_terminate_backend) under load. Every acknowledged trade must be in
// the journal exactly once and whole, its key must replay the same answer and change nothing, a
// request that failed must succeed when retried once with its key, and DESIGN §2's invariants
// must hold: every holding equals the sum of its journal rows, and cash never goes below zero.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset, quantityDecimals, quote } from '@secure-vault/shared';
import { idempotentReplayHeader } from '@secure-vault/shared/http';
import { type TradeResult, tradeResultSchema } from '@secure-vault/shared/trading';
import { dec } from '@secure-vault/shared/money';
import { sessionCookieName } from '../../auth/sessions.ts';
import { openDatabase } from '../../db/client.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { createLogger } from '../../logger.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  type HttpAnswer,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import {
  appOnDatabase,
  createPostgresDatabase,
  dbKind,
  type TestApp,
} from '../../test/test-app.ts';
import {
  negativeCash,
  tradeJournalProblems,
  unansweredIdempotencyKeys,
} from '../../test/trade-journal.ts';
import { trade } from '../../test/trading.ts';
import { journalMismatches } from '../../test/vault.ts';

const customerCount = 6;
const assets = ['AU', 'AG', 'BTC', 'ETH'] as const;
/** Requests in flight at once: more than the customers, so trades queue on each cash lock. */
const concurrency = 12;
/** Every loop stops at whichever comes first: this many requests, or its deadline. */
const maxRequestsPerPhase = 4000;

interface Order {
  side: 'buy' | 'sell';
  asset: string;
  quantity?: string;
  total?: string;
}

interface Attempt {
  key: string;
  customer: Customer;
  /** A client address per customer (the server trusts X-Forwarded-For here, as behind a proxy). */
  ip: string;
  order: Order;
}

interface Acknowledged {
  attempt: Attempt;
  result: TradeResult;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Dollars between min and max cents, with 2 decimals. */
function dollars(minCents: number, maxCents: number): string {
  return dec(randomInt(minCents, maxCents + 1))
    .dividedBy(100)
    .toFixed(2);
}

/** The quantity `total` dollars buy, written with the asset's own quantity decimals. */
function quantityFor(symbol: string, total: string): string {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(`no asset ${symbol}`);
  const priced = quote(asset, { total }, 'buy');
  if (!priced.ok) throw new Error(`cannot price ${total} of ${symbol}: ${priced.error}`);
  return dec(priced.quote.quantity).toFixed(quantityDecimals(asset));
}

/**
 * Buys by amount or by quantity of up to $100, and sells of up to $20: with $1,000,000 in cash
 * and $5,000 of each asset seeded, every one of them is affordable, so any answer but 201 is a
 * failure, never a business refusal.
 */
function randomOrder(): Order {
  const asset = assets[randomInt(assets.length)] ?? 'AU';
  const roll = randomInt(4);
  if (roll < 2) return { side: 'buy', asset, total: dollars(100, 9_999) };
  if (roll === 2) return { side: 'buy', asset, quantity: quantityFor(asset, dollars(100, 9_999)) };
  return { side: 'sell', asset, quantity: quantityFor(asset, dollars(100, 2_000)) };
}

function summary(attempt: Attempt, answer: HttpAnswer): string {
  return `${JSON.stringify(attempt.order)} key ${attempt.key}: ${answer.status} ${answer.body.slice(0, 300)}`;
}

/** A failed connection as an answer with status 0, so a retry can follow it like a 5xx. */
function connectionFailure(err: unknown): HttpAnswer {
  return { status: 0, headers: {}, body: err instanceof Error ? err.message : String(err) };
}

describe.skipIf(dbKind !== 'postgres')(
  'crash test (PostgreSQL only: it kills a real server process and has PostgreSQL end its connections)',
  () => {
    let databaseUrl = '';
    let dropDatabase: (() => Promise<void>) | undefined;
    let setup: TestApp | undefined;
    let dataDir: string | undefined;
    let server: ServerProcess | undefined;
    const dataKey = randomBytes(32).toString('hex');
    const customers: { customer: Customer; ip: string }[] = [];
    /** Every trade a client was told about (201), by its Idempotency-Key. */
    const acknowledged = new Map<string, Acknowledged>();

    /** The in-process app on the same database: for setup and for reading the tables. */
    const db = () => {
      if (!setup) throw new Error('no setup app');
      return setup;
    };
    const running = () => {
      if (!server) throw new Error('no server process');
      return server;
    };

    function startServer(port?: number): Promise<ServerProcess> {
      if (!dataDir) throw new Error('no data folder');
      return startServerProcess({
        port,
        env: {
          NODE_ENV: 'development',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          // The same key across restarts, as a real deployment has.
          DATA_KEY: dataKey,
          WEB_DIST: path.join(dataDir, 'no-web-build'),
          STAFF_2FA: 'optional',
          TRUST_PROXY: 'loopback',
          LOG_LEVEL: 'warn',
        },
      });
    }

    function newAttempt(): Attempt {
      const picked = customers[randomInt(customers.length)];
      if (!picked) throw new Error('no customers');
      return { key: randomUUID(), customer: picked.customer, ip: picked.ip, order: randomOrder() };
    }

    function send(attempt: Attempt): Promise<HttpAnswer> {
      return running().request({
        method: 'POST',
        path: '/api/v1/trades',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'secure-vault',
          'idempotency-key': attempt.key,
          cookie: `${sessionCookieName}=${attempt.customer.cookie}`,
          'x-forwarded-for': attempt.ip,
        },
        body: JSON.stringify(attempt.order),
      });
    }

    function acknowledge(attempt: Attempt, body: string): TradeResult {
      const result = tradeResultSchema.parse(JSON.parse(body));
      acknowledged.set(attempt.key, { attempt, result });
      return result;
    }

    /** Runs `concurrency` clients, each sending one trade after another until told to stop. */
    async function load(
      isStopped: () => boolean,
      deadline: number,
      handle: (attempt: Attempt) => Promise<void>,
    ): Promise<number> {
      let sent = 0;
      const client = async () => {
        while (!isStopped() && sent < maxRequestsPerPhase && Date.now() < deadline) {
          sent += 1;
          await handle(newAttempt());
        }
      };
      await Promise.all(Array.from({ length: concurrency }, client));
      return sent;
    }

    /** The journal's size and every holding: what a replay must leave exactly as it was. */
    async function snapshot() {
      const [journal] = await db().ctx.db.select({ rows: count() }).from(ledgerEntries);
      const holdings = await db()
        .ctx.db.select({
          id: valuables.id,
          value: valuables.estimatedValue,
          quantity: valuables.quantity,
        })
        .from(valuables)
        .orderBy(asc(valuables.id));
      return { journalRows: journal?.rows, holdings };
    }

    async function expectInvariants(): Promise<void> {
      const userIds = customers.map(({ customer }) => customer.userId);
      const trades = [...acknowledged.values()].map(({ attempt, result }) => ({
        userId: attempt.customer.userId,
        result,
      }));
      expect(await tradeJournalProblems(db(), userIds, trades)).toEqual([]);
      expect(await journalMismatches(db(), userIds)).toEqual([]);
      expect(await negativeCash(db(), userIds)).toEqual([]);
      expect(await unansweredIdempotencyKeys(db())).toEqual([]);
    }

    beforeAll(async () => {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
      const database = await openDatabase({
        url: databaseUrl,
        poolSize: 4,
        logger: createLogger('silent'),
      });
      setup = await appOnDatabase(database);
      for (let index = 0; index < customerCount; index += 1) {
        const customer = await createCustomer(setup, { cash: '1000000', label: 'crash' });
        customers.push({ customer, ip: `10.99.0.${index + 1}` });
        // Holdings to sell from, bought through the API so they are journaled like any trade.
        for (const asset of assets) {
          const attempt: Attempt = {
            key: randomUUID(),
            customer,
            ip: '',
            order: { side: 'buy', asset, total: '5000.00' },
          };
          const res = await trade(setup, customer, attempt.order, attempt.key);
          expect(res.statusCode, res.body).toBe(201);
          acknowledge(attempt, res.body);
        }
      }
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-crash-'));
      server = await startServer();
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
      await setup?.close();
      await dropDatabase?.();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('keeps every acknowledged trade exactly once when the server is killed with SIGKILL under load', async () => {
      const killed = running();
      const before = acknowledged.size;
      const unexpected: string[] = [];
      /** Sent but unanswered when the process died: committed or not, the client cannot tell. */
      const unanswered: Attempt[] = [];
      let inFlight = 0;
      let isStopped = false;

      const loading = load(
        () => isStopped,
        Date.now() + 20_000,
        async (attempt) => {
          inFlight += 1;
          try {
            const answer = await send(attempt);
            if (answer.status === 201) acknowledge(attempt, answer.body);
            else unexpected.push(summary(attempt, answer));
          } catch {
            unanswered.push(attempt);
          } finally {
            inFlight -= 1;
          }
        },
      );
      // Kill it mid-load, once a good number of trades have been acknowledged (or time is up).
      const killBy = Date.now() + 10_000;
      while (acknowledged.size - before < 150 && Date.now() < killBy && unexpected.length === 0) {
        await sleep(10);
      }
      const inFlightAtKill = inFlight;
      const exited = killed.kill();
      isStopped = true;
      await exited;
      await loading;
      const acknowledgedUnderLoad = acknowledged.size - before;

      expect(unexpected).toEqual([]);
      expect(acknowledgedUnderLoad).toBeGreaterThan(0);
      expect(inFlightAtKill, 'requests in flight when the server was killed').toBeGreaterThan(0);

      // Restart on the same database and address, as a supervisor would.
      server = await startServer(killed.port);
      const restarted = running();

      // Every acknowledged key replays its first answer, marked as a replay, and moves nothing.
      const beforeReplays = await snapshot();
      const keys = [...acknowledged.values()];
      const replayProblems: string[] = [];
      for (let start = 0; start < keys.length; start += concurrency) {
        await Promise.all(
          keys.slice(start, start + concurrency).map(async ({ attempt, result }) => {
            const answer = await send(attempt);
            if (
              answer.status !== 201 ||
              answer.headers[idempotentReplayHeader] !== 'true' ||
              JSON.stringify(tradeResultSchema.parse(JSON.parse(answer.body))) !==
                JSON.stringify(result)
            ) {
              replayProblems.push(
                `${summary(attempt, answer)} (first answer ${JSON.stringify(result)})`,
              );
            }
          }),
        );
      }
      expect(replayProblems).toEqual([]);
      expect(await snapshot()).toEqual(beforeReplays);

      // The requests the crash cut off, retried with their keys: each is answered now, from the
      // stored answer if it had committed, or run afresh if it had not.
      let committedBeforeKill = 0;
      const retryProblems: string[] = [];
      for (const attempt of unanswered) {
        const answer = await send(attempt);
        if (answer.status !== 201) retryProblems.push(summary(attempt, answer));
        else {
          acknowledge(attempt, answer.body);
          if (answer.headers[idempotentReplayHeader] === 'true') committedBeforeKill += 1;
        }
      }
      expect(retryProblems).toEqual([]);

      await expectInvariants();
      expect(restarted.isRunning()).toBe(true);
      console.log(
        `crash test, kill -9: ${acknowledgedUnderLoad} trades acknowledged under load, ` +
          `${inFlightAtKill} in flight at the kill (${unanswered.length} unanswered, ` +
          `${committedBeforeKill} of those had committed), ${keys.length} keys replayed`,
      );
    }, 90_000);

    it('answers every trade after at most one retry with its key while PostgreSQL ends its connections', async () => {
      if (!server?.isRunning()) server = await startServer();
      const target = running();
      const terminator = new pg.Client({ connectionString: databaseUrl });
      await terminator.connect();
      try {
        /** First answers that were failures, by status (0: the connection failed). */
        const failedOnce = new Map<number, number>();
        const failedTwice: string[] = [];
        const unexpected: string[] = [];
        let isStopped = false;

        const loading = load(
          () => isStopped,
          Date.now() + 20_000,
          async (attempt) => {
            let answer = await send(attempt).catch(connectionFailure);
            if (answer.status === 0 || answer.status >= 500) {
              // What a careful client does: wait a moment, then the same request, same key.
              failedOnce.set(answer.status, (failedOnce.get(answer.status) ?? 0) + 1);
              await sleep(100);
              answer = await send(attempt).catch(connectionFailure);
            }
            if (answer.status === 201) acknowledge(attempt, answer.body);
            else if (answer.status === 0 || answer.status >= 500) {
              failedTwice.push(summary(attempt, answer));
            } else unexpected.push(summary(attempt, answer));
          },
        );
        // Five blows, far enough apart that a retry of a request cut off by one is answered
        // before the next.
        const ended: number[] = [];
        for (let blow = 0; blow < 5; blow += 1) {
          await sleep(blow === 0 ? 300 : 600);
          const result = await terminator.query<{ ended: boolean }>(
            `select pg_terminate_backend(pid) as ended from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()`,
          );
          ended.push(result.rows.filter((row) => row.ended).length);
        }
        // Requests started after the last blow run on fresh connections.
        await sleep(500);
        isStopped = true;
        const sent = await loading;

        expect(failedTwice).toEqual([]);
        expect(unexpected).toEqual([]);
        // A cut connection is the service briefly unavailable (503 with Retry-After), never an
        // unexplained 500; the server's log says which error was taken for one.
        const internal = target
          .output()
          .split('\n')
          .filter((line) => line.includes('"request failed"'));
        expect(failedOnce.get(500) ?? 0, internal.join('\n')).toBe(0);
        for (const endedByBlow of ended) expect(endedByBlow).toBeGreaterThan(0);
        expect(target.isRunning(), target.output()).toBe(true);
        const ready = await target.request({ method: 'GET', path: '/api/ready' });
        expect(ready.status, ready.body).toBe(200);

        await expectInvariants();
        console.log(
          `crash test, pg_terminate_backend: ${sent} trades sent, ${ended.join('+')} ` +
            `connections ended; requests that failed once and were retried, by status: ` +
            JSON.stringify(Object.fromEntries(failedOnce)),
        );
      } finally {
        await terminator.end();
      }
    }, 90_000);
  },
);
