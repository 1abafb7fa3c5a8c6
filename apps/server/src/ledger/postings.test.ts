// Balanced postings (decision 021): every movement is a set of postings, on customers' holdings
// and on the platform's accounts, that sums to zero in every asset; the database refuses to
// commit one that does not, however it was written; each kind of movement puts its other side on
// the account it names. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dec } from '@secure-vault/shared/money';
import { knownCaller } from '../db/caller.ts';
import { createCustomer } from '../test/customers.ts';
import { rowsOf } from '../test/stored-text.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { trade, swap } from '../test/trading.ts';
import { cashIdOf, sendTransfer, verifiedCustomer } from '../test/money-movements.ts';
import { createUser } from '../test/users.ts';
import { creditCash } from './cash.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Posting {
  account: string;
  user_id: string | null;
  asset_symbol: string | null;
  kind: string;
  quantity_delta: string | null;
  value_delta: string;
  movement: string;
}

/** Every posting of the movements that wrote rows under this reference, in a stable order. */
async function postingsOf(reference: string): Promise<Posting[]> {
  return rowsOf<Posting>(
    t.ctx.db,
    sql`select account, user_id, asset_symbol, kind, quantity_delta::text, value_delta::text,
        movement::text
      from ledger_entries
      where movement in (select movement from ledger_entries where reference = ${reference})
      order by account, asset_symbol nulls last, value_delta`,
  );
}

/** What each movement leaves over per asset: nothing, when it balances. */
async function leftOver(movements: string[]): Promise<{ movement: string; left: string }[]> {
  return rowsOf(
    t.ctx.db,
    sql`select movement::text, sum(ledger_amount(p_symbol => asset_symbol, p_quantity => quantity_delta, p_value => value_delta))::text as left
      from ledger_entries
      where movement::text in (${sql.join(
        movements.map((movement) => sql`${movement}`),
        sql`, `,
      )})
      group by movement, asset_symbol
      having sum(ledger_amount(p_symbol => asset_symbol, p_quantity => quantity_delta, p_value => value_delta)) <> 0`,
  );
}

/** The database's reason for refusing, from Drizzle's wrapped error. */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) return 'no error';
  return error.cause instanceof Error ? error.cause.message : error.message;
}

const brief = (rows: Posting[]) =>
  rows.map((row) => [row.account, row.asset_symbol, row.kind, row.quantity_delta, row.value_delta]);

describe('a movement', () => {
  it('of a buy puts the other side on the trading book and the sub-cents on rounding', async () => {
    const customer = await createCustomer(t, { cash: '10' });
    // 100 mg of silver at $0.00084/mg is $0.084: the customer pays $0.09.
    const res = await trade(t, customer, { side: 'buy', asset: 'AG', quantity: '100' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ reference: string; total: string }>();
    const { reference } = answer;
    // The answer says dollars and cents ("0.09"); the journal keeps 8 decimals.
    const total = dec(answer.total).toFixed(8);
    const postings = await postingsOf(reference);
    expect(new Set(postings.map((row) => row.movement)).size).toBe(1);
    const price = '0.00084000';
    const value = (Number(price) * 100).toFixed(8);
    const rounding = (Number(total) - Number(value)).toFixed(8);
    expect(brief(postings)).toEqual([
      ['customer', 'AG', 'buy', '100.00000000', value],
      ['customer', 'USD', 'buy', null, `-${total}`],
      ['rounding', 'USD', 'rounding', null, rounding],
      ['trading_book', 'AG', 'buy', '-100.00000000', `-${value}`],
      ['trading_book', 'USD', 'rounding', null, `-${rounding}`],
      ['trading_book', 'USD', 'buy', null, total],
    ]);
    expect(postings.filter((row) => row.account !== 'customer').map((row) => row.user_id)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(await leftOver([postings[0]?.movement ?? ''])).toEqual([]);
  });

  it('of a swap balances each asset against the trading book', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    expect(
      (await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' })).statusCode,
    ).toBe(201);
    const res = await swap(t, customer, { from: 'AU', to: 'BTC', quantity: '100' });
    expect(res.statusCode, res.body).toBe(201);
    const postings = await postingsOf(res.json<{ reference: string }>().reference);
    const book = postings.filter((row) => row.account === 'trading_book');
    expect(book.map((row) => [row.asset_symbol, row.quantity_delta])).toEqual(
      expect.arrayContaining([
        ['AU', '100.00000000'],
        ['BTC', '-0.00004956'],
      ]),
    );
    expect(await leftOver([...new Set(postings.map((row) => row.movement))])).toEqual([]);
  });

  it('of a deposit comes from the world, and a transfer between customers involves no platform account', async () => {
    const { userId } = await createUser(t);
    await creditCash(t.ctx.database, knownCaller(userId), {
      kind: 'deposit',
      amount: '25.50',
      reference: `deposit-${userId}`,
      at: t.ctx.clock.now(),
    });
    expect(brief(await postingsOf(`deposit-${userId}`))).toEqual([
      ['customer', 'USD', 'deposit', null, '25.50000000'],
      ['world', 'USD', 'deposit', null, '-25.50000000'],
    ]);

    const sender = await verifiedCustomer(t, { cash: '20' });
    const receiver = await createCustomer(t);
    const res = await sendTransfer(t, sender, receiver, await cashIdOf(t, sender.userId), '7.25');
    expect(res.statusCode, res.body).toBe(201);
    const postings = await postingsOf(res.json<{ id: string }>().id);
    expect(brief(postings)).toEqual([
      ['customer', 'USD', 'transfer_out', null, '-7.25000000'],
      ['customer', 'USD', 'transfer_in', null, '7.25000000'],
    ]);
  });
});

describe('the database', () => {
  it('refuses to commit a movement that does not balance, and keeps nothing of it', async () => {
    const { userId } = await createUser(t);
    const before = await rowsOf<{ rows: string }>(
      t.ctx.db,
      sql`select count(*)::text as rows from ledger_entries`,
    );
    // One customer posting with no other side, written straight into the table.
    const reason = await refusal(
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (user_id, asset_symbol, kind, value_delta)
              values (${userId}, 'USD', 'deposit', 5)`,
        );
      }),
    );
    expect(reason).toMatch(/movement \d+ does not balance: 5\.?0* USD left over/);
    expect(
      await rowsOf<{ rows: string }>(
        t.ctx.db,
        sql`select count(*)::text as rows from ledger_entries`,
      ),
    ).toEqual(before);
  });

  it('checks every asset on its own: dollars of cash cannot pay for grams of gold', async () => {
    const { userId } = await createUser(t);
    const reason = await refusal(
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (user_id, asset_symbol, kind, quantity_delta, value_delta)
              values (${userId}, 'AU', 'buy', 10, 0.57)`,
        );
        await tx.execute(
          sql`insert into ledger_entries (account, asset_symbol, kind, value_delta)
              values ('trading_book', 'USD', 'buy', -0.57)`,
        );
      }),
    );
    expect(reason).toMatch(/does not balance: .* (AU|USD) left over/);
  });

  it('checks the whole movement at commit, however many statements wrote it', async () => {
    const { userId } = await createUser(t);
    // The customer side first, the platform's in a later statement: balanced by commit.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into ledger_entries (user_id, asset_symbol, kind, value_delta, reference)
            values (${userId}, 'USD', 'deposit', 3, ${`split-${userId}`})`,
      );
      await tx.execute(
        sql`insert into ledger_entries (account, asset_symbol, kind, value_delta, reference)
            values ('world', 'USD', 'deposit', -3, ${`split-${userId}`})`,
      );
    });
    const postings = await postingsOf(`split-${userId}`);
    expect(postings).toHaveLength(2);
    expect(new Set(postings.map((row) => row.movement)).size).toBe(1);
    // A balanced pair does not excuse a later statement that is not.
    const unbalancedLater = await refusal(
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (user_id, asset_symbol, kind, value_delta)
              values (${userId}, 'USD', 'deposit', 1)`,
        );
        await tx.execute(
          sql`insert into ledger_entries (account, asset_symbol, kind, value_delta)
              values ('world', 'USD', 'deposit', -1)`,
        );
        await tx.execute(
          sql`insert into ledger_entries (user_id, asset_symbol, kind, value_delta)
              values (${userId}, 'USD', 'deposit', 2)`,
        );
      }),
    );
    expect(unbalancedLater).toMatch(/does not balance: 2\.?0* USD left over/);
  });

  it('gives each transaction its own movement, never reused', async () => {
    const customer = await createCustomer(t, { cash: '10' });
    const first = await trade(t, customer, { side: 'buy', asset: 'AG', quantity: '100' });
    const second = await trade(t, customer, { side: 'buy', asset: 'AG', quantity: '100' });
    const [a, b] = await Promise.all([
      postingsOf(first.json<{ reference: string }>().reference),
      postingsOf(second.json<{ reference: string }>().reference),
    ]);
    const movementOf = (rows: Posting[]) => [...new Set(rows.map((row) => row.movement))];
    expect(movementOf(a)).toHaveLength(1);
    expect(movementOf(b)).toHaveLength(1);
    expect(Number(movementOf(b)[0])).toBeGreaterThan(Number(movementOf(a)[0]));
  });
});
