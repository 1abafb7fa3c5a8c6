// The dashboard's three reads stay a fixed number of SQL queries with 1,000 valuables: no query
// per item. (Timings live in bench/, not here.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import * as accountsSchema from '../../db/schema.ts';
import * as vaultSchema from '../../db/vault-schema.ts';
import { signUp, type SignedUp } from '../../test/auth-helpers.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import { api, seedValuables } from '../../test/vault.ts';

let t: TestApp;
let owner: SignedUp;
const queries: string[] = [];

/** The same connection, with a logger that records every statement. */
function countingDb(db: Db): Db {
  const schema = { ...accountsSchema, ...vaultSchema };
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const client = (db as unknown as { $client: unknown }).$client;
  return (dbKind === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })
    : drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger })) as unknown as Db;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  const types = ['jewelry', 'artwork', 'documents', 'collectibles', 'precious_metals'];
  await seedValuables(
    t,
    owner.userId,
    Array.from({ length: 1000 }, (_, i) => ({
      itemName: `Item ${String(i).padStart(4, '0')}`,
      itemType: types[i % types.length] as string,
      estimatedValue: `${i}.01`,
    })),
  );
  t.ctx.db = countingDb(t.ctx.db);
});
afterAll(() => t.close());

/** Statements a request ran, leaving out the session lookup every signed-in request makes. */
async function queriesOf(url: string) {
  queries.length = 0;
  const res = await api(t, 'GET', url, undefined, owner.cookie);
  expect(res.statusCode).toBe(200);
  return { res, count: queries.filter((q) => !/"sessions"/.test(q)).length };
}

describe('the dashboard with 1,000 valuables', () => {
  it('lists all of them in one query', async () => {
    const { res, count } = await queriesOf('/me/valuables');
    expect(res.json()).toHaveLength(1000);
    expect(count).toBeLessThanOrEqual(3);
    expect(count).toBe(1);
  });

  it('sums them in a bounded number of queries', async () => {
    const { res, count } = await queriesOf('/me/summary');
    // Σ (i + 0.01) for i in 0..999 = 499500 + 10.
    expect(res.json().totalNetWorth).toBe('499510.00000000');
    expect(res.json().allocation).toHaveLength(5);
    expect(count).toBeLessThanOrEqual(3);
  });

  it('reads the profile in one query', async () => {
    const { count } = await queriesOf('/me/profile');
    expect(count).toBe(1);
  });
});
