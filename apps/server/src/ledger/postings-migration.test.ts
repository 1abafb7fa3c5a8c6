// Migration 0018 (decision 021) turns the single-entry journal into balanced postings: each
// operation's rows become one legacy movement (negative id) with the platform's side added on the
// account its kind implies, the rows with no customer become the rounding account's, and the
// reconciliation then finds every movement balanced and the platform's position per asset. A
// journal written by the release before, on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { migrateBefore } from '../test/migrations.ts';
import { rowsOf } from '../test/stored-text.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { reconcileLedger } from './reconcile.ts';

let database: Database;
let drop: () => Promise<void>;

const ana = randomUUID();
const ben = randomUUID();
const anaCash = randomUUID();
const anaSilver = randomUUID();
const benCash = randomUUID();
const benRing = randomUUID();
const anaGold = randomUUID();

/** The journal and holdings as the single-entry release wrote them, at a few moments. */
async function writeLegacyJournal(db: Database['db']) {
  await db.execute(sql`insert into users (id, email, password_hash) values
    (${ana}, 'ana@example.com', 'x'), (${ben}, 'ben@example.com', 'x')`);
  const row = (
    at: string,
    user: string | null,
    valuable: string | null,
    symbol: string | null,
    kind: string,
    quantity: string | null,
    value: string,
    reference: string | null,
  ) => sql`insert into ledger_entries
      (user_id, valuable_id, asset_symbol, kind, quantity_delta, value_delta, reference, created_at)
    values (${user}, ${valuable}, ${symbol}, ${kind}, ${quantity}::numeric, ${value}::numeric,
      ${reference}, ${at}::timestamptz)`;
  const rows = [
    // A card deposit of $100.004, before cash was whole cents...
    row('2026-01-01T10:00:00Z', ana, anaCash, 'USD', 'deposit', null, '100.004', 'TXN1'),
    // ...brought to whole cents by migration 0006, the sub-cent to the platform.
    row('2026-01-02T00:00:00Z', ana, anaCash, 'USD', 'rounding', null, '-0.004', 'whole-cents'),
    row('2026-01-02T00:00:00Z', null, null, 'USD', 'rounding', null, '0.004', 'whole-cents'),
    // A buy of 100 mg of silver for $0.09 worth $0.084: the platform kept $0.006.
    row('2026-01-03T09:00:00Z', ana, anaCash, 'USD', 'buy', null, '-0.09', 'BUY1'),
    row('2026-01-03T09:00:00Z', ana, anaSilver, 'AG', 'buy', '100', '0.084', 'BUY1'),
    row('2026-01-03T09:00:00Z', null, null, 'USD', 'rounding', null, '0.006', 'BUY1'),
    // $10 sent to Ben.
    row('2026-01-04T09:00:00Z', ana, anaCash, 'USD', 'transfer_out', null, '-10', 'TR1'),
    row('2026-01-04T09:00:00Z', ben, benCash, 'USD', 'transfer_in', null, '10', 'TR1'),
    // A ring staff took into custody for Ben (no reference).
    row('2026-01-05T09:00:00Z', ben, benRing, null, 'admin_add', null, '500', null),
    // Gold fixed for a term: set aside (a zero row), matured with $1.23 of profit.
    row('2026-01-06T09:00:00Z', ana, anaGold, 'AU', 'admin_add', '2', '0.114', null),
    row('2026-01-07T09:00:00Z', ana, anaGold, 'AU', 'fixed_term_start', '0', '0', 'FT1'),
    row('2026-02-07T09:00:00Z', ana, anaCash, 'USD', 'fixed_term_profit', null, '1.23', 'FT1'),
    row('2026-02-07T09:00:00Z', ana, anaGold, 'AU', 'fixed_term_end', '0', '0', 'FT1'),
  ];
  for (const statement of rows) await db.execute(statement);
  await db.execute(sql`insert into valuables
      (id, user_id, item_name, item_type, estimated_value, storage_location, asset_symbol, quantity, unit, status)
    values
      (${anaCash}, ${ana}, 'Cash', 'cash', 91.14, 'Account', 'USD', null, null, 'active'),
      (${anaSilver}, ${ana}, 'Silver', 'precious_metals', 0.084, 'Vault', 'AG', 100, 'mg', 'active'),
      (${anaGold}, ${ana}, 'Gold', 'precious_metals', 0.114, 'Vault', 'AU', 2, 'mg', 'active'),
      (${benCash}, ${ben}, 'Cash', 'cash', 10, 'Account', 'USD', null, null, 'active'),
      (${benRing}, ${ben}, 'Ring', 'jewelry', 500, 'Vault', null, null, null, 'active')`);
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await migrateBefore(database, '0018');
  await writeLegacyJournal(database.db);
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('migration 0018', () => {
  it('leaves a ledger the reconciliation finds whole, with every movement balanced', async () => {
    const report = await reconcileLedger(database.db);
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    // Deposit, whole cents, buy, transfer, ring, gold, term start, maturity.
    expect(report.movements).toBe(8);
  });

  it('puts the other side of each legacy operation on the account its kind implies', async () => {
    const { positions } = await reconcileLedger(database.db);
    const zero = '0.00000000';
    expect(positions).toEqual([
      {
        asset: 'USD',
        customers: '101.14000000',
        // Paid $0.09 for the silver, less the $0.006 that went to rounding.
        tradingBook: '0.08400000',
        rounding: '0.01000000',
        world: '-100.00400000',
        interest: '-1.23000000',
        custodyIntake: zero,
        reserved: zero,
      },
      {
        asset: 'AG',
        customers: '100.00000000',
        tradingBook: '-100.00000000',
        rounding: zero,
        world: zero,
        interest: zero,
        custodyIntake: zero,
        reserved: zero,
      },
      {
        asset: 'AU',
        customers: '2.00000000',
        tradingBook: zero,
        rounding: zero,
        // Staff added a listed position from outside: it came from the world.
        world: '-2.00000000',
        interest: zero,
        custodyIntake: zero,
        reserved: zero,
      },
      {
        asset: null,
        customers: '500.00000000',
        tradingBook: zero,
        rounding: zero,
        world: zero,
        interest: zero,
        custodyIntake: '-500.00000000',
        reserved: zero,
      },
    ]);
  });

  it('gives legacy movements negative ids, one per operation, and new ones positive', async () => {
    const legacy = await rowsOf<{
      reference: string | null;
      movements: string;
      accounts: string[];
    }>(
      database.db,
      sql`select reference, count(distinct movement)::text as movements,
          array_agg(distinct account order by account) as accounts
        from ledger_entries where movement < 0 and reference is not null
        group by reference order by reference`,
    );
    expect(legacy).toEqual([
      { reference: 'BUY1', movements: '1', accounts: ['customer', 'rounding', 'trading_book'] },
      { reference: 'FT1', movements: '2', accounts: ['customer', 'interest'] },
      { reference: 'TR1', movements: '1', accounts: ['customer'] },
      { reference: 'TXN1', movements: '1', accounts: ['customer', 'world'] },
      { reference: 'whole-cents', movements: '1', accounts: ['customer', 'rounding'] },
    ]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_entries (user_id, asset_symbol, kind, value_delta, reference)
        values (${ben}, 'USD', 'deposit', 1, 'after-0018')`);
      await tx.execute(sql`insert into ledger_entries (account, asset_symbol, kind, value_delta, reference)
        values ('world', 'USD', 'deposit', -1, 'after-0018')`);
    });
    const [fresh] = await rowsOf<{ movement: string }>(
      database.db,
      sql`select distinct movement::text from ledger_entries where reference = 'after-0018'`,
    );
    expect(Number(fresh?.movement)).toBeGreaterThan(0);
  });

  it('keeps the journal append-only after its one data fix', async () => {
    const refused = await database.db
      .execute(sql`update ledger_entries set value_delta = 0 where reference = 'TXN1'`)
      .then(
        () => 'updated',
        (err: unknown) => String((err as Error).cause ?? err),
      );
    expect(refused).toMatch(/append-only: UPDATE/);
  });
});
