// Each hot request is one database round trip, session check included (issue: the ledger core,
// DESIGN §3): the dashboard's three reads with 1,000 valuables, a trade and a swap; a transfer
// is two, its session check and ledger_transfer with the lookup limit and both parties in it. Counted at
// both ways into the database (Drizzle's builder and the prepared-statement runner), so a
// request that slips back into several statements fails here. (Timings live in bench/.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import * as accountsSchema from '../../db/schema.ts';
import * as vaultSchema from '../../db/vault-schema.ts';
import * as kycSchema from '../../db/kyc-schema.ts';
import * as bankingSchema from '../../db/banking-schema.ts';
import * as custodySchema from '../../db/custody-schema.ts';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { signUp, type SignedUp } from '../../test/auth-helpers.ts';
import { type Customer, depositCash } from '../../test/customers.ts';
import { cashIdOf, sendTransfer, verifiedCustomer } from '../../test/money-movements.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import { swap, trade } from '../../test/trading.ts';
import { api, seedValuables } from '../../test/vault.ts';

let t: TestApp;
let owner: SignedUp;
let sender: Customer;
let receiver: Customer;
const statements: string[] = [];

/** The same connection, with a logger that records every statement Drizzle sends. */
function countingDb(db: Db): Db {
  const schema = {
    ...accountsSchema,
    ...vaultSchema,
    ...kycSchema,
    ...bankingSchema,
    ...custodySchema,
  };
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (db as unknown as { $client: unknown }).$client;
  return dbKind === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })
    : drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  const types = ['jewelry', 'artwork', 'documents', 'collectibles', 'precious_metals'] as const;
  await seedValuables(
    t,
    owner.userId,
    Array.from({ length: 1000 }, (_, i) => ({
      itemName: `Item ${String(i).padStart(4, '0')}`,
      itemType: types[i % types.length] ?? 'jewelry',
      estimatedValue: `${i}.01`,
    })),
  );
  await depositCash(t, owner.userId, '1000');
  sender = await verifiedCustomer(t, { cash: '100' });
  receiver = await verifiedCustomer(t);
  t.ctx.db = countingDb(t.ctx.db);
  t.ctx.database.db = t.ctx.db;
  const query = t.ctx.database.query.bind(t.ctx.database);
  t.ctx.database.query = (statement, params) => {
    statements.push(statement.text);
    return query(statement, params);
  };
});
afterAll(() => t.close());

/** Statements a request ran before answering (the session's last-seen write comes after). */
async function roundTrips(request: () => Promise<{ statusCode: number }>, status = 200) {
  await backgroundWorkSettled(t.ctx);
  statements.length = 0;
  const res = await request();
  expect(res.statusCode).toBe(status);
  const count = statements.length;
  await backgroundWorkSettled(t.ctx);
  return { res, count };
}

describe('one round trip per request', () => {
  it('lists 1,000 valuables', async () => {
    const { res, count } = await roundTrips(() =>
      api(t, 'GET', '/me/valuables', undefined, owner.cookie),
    );
    expect((res as unknown as { json(): unknown[] }).json()).toHaveLength(1001);
    expect(count).toBe(1);
  });

  it('sums them', async () => {
    const { res, count } = await roundTrips(() =>
      api(t, 'GET', '/me/summary', undefined, owner.cookie),
    );
    // Σ (i + 0.01) for i in 0..999 = 499500 + 10, and $1,000 of cash.
    const summary = (
      res as unknown as { json(): { totalNetWorth: string; allocation: unknown[] } }
    ).json();
    expect(summary.totalNetWorth).toBe('500510.00000000');
    expect(summary.allocation).toHaveLength(6);
    expect(count).toBe(1);
  });

  it('reads the profile', async () => {
    const { count } = await roundTrips(() => api(t, 'GET', '/me/profile', undefined, owner.cookie));
    expect(count).toBe(1);
  });

  it('buys, sells and swaps', async () => {
    const caller = { cookie: owner.cookie };
    // Each process reads the price book once and keeps it until a price changes
    // (prices/quote-book.ts): the first order after a start reads it, no order after.
    await trade(t, caller, { side: 'buy', asset: 'AU', total: '1' });
    const buy = await roundTrips(
      () => trade(t, caller, { side: 'buy', asset: 'AU', total: '50' }),
      201,
    );
    expect(buy.count).toBe(1);
    const sell = await roundTrips(
      () => trade(t, caller, { side: 'sell', asset: 'AU', quantity: '100' }),
      201,
    );
    expect(sell.count).toBe(1);
    const swapped = await roundTrips(
      () => swap(t, caller, { from: 'AU', to: 'BTC', quantity: '100' }),
      201,
    );
    expect(swapped.count).toBe(1);
  });

  it('sends cash to another customer in two: the session, then ledger_transfer', async () => {
    const cash = await cashIdOf(t, sender.userId);
    const sent = await roundTrips(() => sendTransfer(t, sender, receiver, cash, '1.25'), 201);
    expect(sent.count).toBe(2);
    // A number that is not another customer's (here the sender's own) is counted as a lookup,
    // after the statement that found it so.
    const missed = await roundTrips(() => sendTransfer(t, sender, sender, cash, '1'), 400);
    expect(missed.count).toBeGreaterThan(2);
  });

  it('refuses a dead session in the same one statement', async () => {
    const { count } = await roundTrips(
      () => api(t, 'GET', '/me/summary', undefined, 'not-a-live-session-token'),
      401,
    );
    expect(count).toBe(1);
  });
});
