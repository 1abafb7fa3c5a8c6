// Fixed terms and deliveries under concurrency (DESIGN §2 and §5): two changes to the same
// holding or delivery sent at once must end one way only — one of them refused with the error a
// customer would see, never a 500 — with the holding where the winner left it, one active
// position per asset, and every holding equal to the sums of its journal rows. On PostgreSQL
// (TEST_DATABASE_URL) the requests really run at once on the pool's connections; PGlite has one
// connection, so there they run one after another and each case is run once, which still checks
// that the later request sees what the earlier one did.
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@secure-vault/shared/money';
import { fixedTerms } from '../../db/custody-schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import type { Customer } from '../../test/customers.ts';
import { staffChange, valuableIdOf } from '../../test/approvals.ts';
import { createStaffMember, moneyPost, verifiedCustomer } from '../../test/money-movements.ts';
import { createTestApp, dbKind, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  positionOf,
  trade,
  valuablesOf,
} from '../../test/trading.ts';
import { api } from '../../test/vault.ts';

const start = new Date('2026-11-21T10:00:00.000Z');
/** After every one-month term fixed in this file (they mature on 21 December). */
const afterOneMonth = new Date('2026-12-22T00:00:00.000Z');

let t: TestApp;
let staff: Customer;
beforeAll(async () => {
  // The clock never moves, so the app's own job runner finds nothing due; the maturity race
  // runs the jobs as of a month later itself.
  t = await createTestApp({ clock: manualClock(start) });
  staff = await createStaffMember(t);
});
afterAll(() => t.close());

/** How many times each race is run: on PGlite nothing runs at once, so once is enough. */
const rounds = dbKind === 'postgres' ? 6 : 1;

const codeOf = (res: LightMyRequestResponse): string | undefined =>
  res.statusCode >= 400 ? res.json<{ error: { code: string } }>().error.code : undefined;

/**
 * Runs two calls at once. Routes differ in how long they take before their statement reaches
 * the database, so on PostgreSQL one side would nearly always win: the one sent second is held
 * back by a few milliseconds (0, 3, 6 or 10 by round), and which is sent first alternates, so both sides
 * get to win.
 */
async function both<A, B>(
  round: number,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const later = <T>(send: () => Promise<T>) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, [0, 3, 6, 10][Math.floor(round / 2) % 4]);
    }).then(send);
  if (round % 2 === 0) return Promise.all([first(), later(second)]);
  const [b, a] = await Promise.all([second(), later(first)]);
  return [a, b];
}

/** A custody item put on the account by two staff members (proposed, approved). */
async function addItem(customer: Customer, name: string, value: string): Promise<string> {
  const approved = await staffChange(t, staff, 'POST', '/admin/valuables', {
    userId: customer.userId,
    itemName: name,
    itemType: 'jewelry',
    estimatedValue: value,
  });
  return valuableIdOf(t, approved.id);
}

async function buyGold(customer: Customer, quantity: string): Promise<string> {
  const res = await trade(t, customer, { side: 'buy', asset: 'AU', quantity });
  expect(res.statusCode, res.body).toBe(201);
  return (await positionOf(t, customer.userId, 'AU'))!.id;
}

const fix = (customer: Customer, valuableId: string, quantity?: string) =>
  moneyPost(t, customer, '/me/fixed-terms', {
    valuableId,
    months: 1,
    ...(quantity ? { quantity } : {}),
  });

const askDelivery = (customer: Customer, valuableId: string, quantity?: string) =>
  moneyPost(t, customer, '/me/deliveries', {
    valuableId,
    ...(quantity ? { quantity } : {}),
    recipientName: 'Amira Haddad',
    recipientEmail: 'amira@example.com',
    recipientPhone: '+971501234567',
    recipientAddress: 'Villa 12, Street 4\nJumeirah, Dubai',
  });

const moveDelivery = (id: string, status: string) =>
  moneyPost(t, staff, `/admin/deliveries/${id}/status`, { status });

const cancelDelivery = (customer: Customer, id: string) =>
  moneyPost(t, customer, `/me/deliveries/${id}/cancel`);

const deliveryOf = async (customer: Customer, id: string) => {
  const res = await api(t, 'GET', '/me/deliveries', undefined, customer.cookie);
  return res.json<{ id: string; status: string }[]>().find((delivery) => delivery.id === id);
};

async function activeGold(customer: Customer) {
  return (await valuablesOf(t, customer.userId)).filter(
    (row) => row.assetSymbol === 'AU' && row.status === 'active',
  );
}

async function termsOf(customer: Customer) {
  return t.ctx.db.select().from(fixedTerms).where(eq(fixedTerms.userId, customer.userId));
}

describe('staff shipping a delivery while its customer cancels it', () => {
  it('ends one way only: shipped with the item still out, or cancelled with it back once', async () => {
    await Promise.all(
      Array.from({ length: rounds * 2 }, async (_, round) => {
        const customer = await verifiedCustomer(t, { cash: '100' });
        const ring = await addItem(customer, 'Ring', '900');
        const asked = await askDelivery(customer, ring);
        expect(asked.statusCode, asked.body).toBe(201);
        const { id } = asked.json<{ id: string }>();
        expect((await moveDelivery(id, 'processing')).statusCode).toBe(200);

        const [shipped, cancelled] = await both(
          round,
          () => moveDelivery(id, 'shipped'),
          () => cancelDelivery(customer, id),
        );
        expect([shipped.statusCode, cancelled.statusCode].sort(), shipped.body).toEqual([200, 409]);
        const [item] = (await valuablesOf(t, customer.userId)).filter((row) => row.id === ring);
        const changes = await t.ctx.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.valuableId, ring), eq(ledgerEntries.reference, id)));
        if (shipped.statusCode === 200) {
          expect(codeOf(cancelled)).toBe('CONFLICT');
          expect(shipped.json().status).toBe('shipped');
          expect((await deliveryOf(customer, id))?.status).toBe('shipped');
          expect(item?.status).toBe('in_delivery');
          // Set aside once; nothing returned.
          expect(changes).toHaveLength(1);
        } else {
          expect(codeOf(shipped)).toBe('CONFLICT');
          expect(cancelled.json().status).toBe('cancelled');
          expect((await deliveryOf(customer, id))?.status).toBe('cancelled');
          expect(item?.status).toBe('active');
          // Set aside, then returned: once each.
          expect(changes).toHaveLength(2);
        }
        expect(item?.estimatedValue).toBe('900.00000000');
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });

  it('staff and customer cancelling a part of a metal position at once return it once', async () => {
    await Promise.all(
      Array.from({ length: rounds * 2 }, async (_, round) => {
        const customer = await verifiedCustomer(t, { cash: '1000' });
        const gold = await buyGold(customer, '10000');
        const asked = await askDelivery(customer, gold, '2500.5');
        expect(asked.statusCode, asked.body).toBe(201);
        const { id } = asked.json<{ id: string }>();
        expect((await activeGold(customer))[0]?.quantity).toBe('7499.50000000');

        const [byStaff, byCustomer] = await both(
          round,
          () => moveDelivery(id, 'cancelled'),
          () => cancelDelivery(customer, id),
        );
        expect([byStaff.statusCode, byCustomer.statusCode].sort()).toEqual([200, 409]);
        const loser = byStaff.statusCode === 409 ? byStaff : byCustomer;
        expect(codeOf(loser)).toBe('CONFLICT');
        expect((await deliveryOf(customer, id))?.status).toBe('cancelled');
        // The part rejoined its position once: all of the gold, in one active row.
        const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
        expect(held).toHaveLength(1);
        expect(held[0]).toMatchObject({ status: 'active', quantity: '10000.00000000' });
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('fixing the same holding twice at once', () => {
  it('fixes a whole item once; the other is refused as unavailable', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const customer = await verifiedCustomer(t);
        const ring = await addItem(customer, 'Ring', '1000');
        const results = await Promise.all([fix(customer, ring), fix(customer, ring)]);
        expect(results.map((res) => res.statusCode).sort(), results[0]?.body).toEqual([201, 422]);
        const refused = results.find((res) => res.statusCode === 422)!;
        expect(codeOf(refused)).toBe('ASSET_UNAVAILABLE');
        const terms = await termsOf(customer);
        expect(terms).toHaveLength(1);
        expect(terms[0]).toMatchObject({ valuableId: ring, profit: '50.00000000' });
        expect((await valuablesOf(t, customer.userId))[0]?.status).toBe('locked');
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });

  it('splits off two parts only while the position covers both', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const customer = await verifiedCustomer(t, { cash: '1000' });
        const gold = await buyGold(customer, '10000');
        // 6,000 mg twice from 10,000: one fits.
        const results = await Promise.all([
          fix(customer, gold, '6000'),
          fix(customer, gold, '6000'),
        ]);
        expect(results.map((res) => res.statusCode).sort(), results[0]?.body).toEqual([201, 422]);
        expect(codeOf(results.find((res) => res.statusCode === 422)!)).toBe('INSUFFICIENT_HOLDING');
        const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
        expect(held.map((row) => [row.status, row.quantity]).sort()).toEqual([
          ['active', '4000.00000000'],
          ['locked', '6000.00000000'],
        ]);
        expect(await termsOf(customer)).toHaveLength(1);
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('a sell racing a fix of the same position', () => {
  it('lets one through when both need most of it', async () => {
    await Promise.all(
      Array.from({ length: rounds * 2 }, async (_, round) => {
        const customer = await verifiedCustomer(t, { cash: '1000' });
        const gold = await buyGold(customer, '10000');
        const cashBefore = await cashOf(t, customer.userId);
        const [fixed, sold] = await both(
          round,
          () => fix(customer, gold, '7000'),
          () => trade(t, customer, { side: 'sell', asset: 'AU', quantity: '7000' }),
        );
        expect([fixed.statusCode, sold.statusCode].sort(), `${fixed.body} ${sold.body}`).toEqual([
          201, 422,
        ]);
        const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
        if (fixed.statusCode === 201) {
          expect(codeOf(sold)).toBe('INSUFFICIENT_HOLDING');
          expect(held.map((row) => [row.status, row.quantity]).sort()).toEqual([
            ['active', '3000.00000000'],
            ['locked', '7000.00000000'],
          ]);
          expect(await cashOf(t, customer.userId)).toBe(cashBefore);
        } else {
          expect(codeOf(fixed)).toBe('INSUFFICIENT_HOLDING');
          expect(held.map((row) => [row.status, row.quantity])).toEqual([
            ['active', '3000.00000000'],
          ]);
          // 7,000 mg × $0.057 = $399.
          expect(await cashOf(t, customer.userId)).toBe(dec(cashBefore).plus(399).toFixed(8));
          expect(await termsOf(customer)).toEqual([]);
        }
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });

  it('fixing the whole position takes what the sell left, or leaves nothing to sell', async () => {
    await Promise.all(
      Array.from({ length: rounds * 2 }, async (_, round) => {
        const customer = await verifiedCustomer(t, { cash: '1000' });
        const gold = await buyGold(customer, '10000');
        const [fixed, sold] = await both(
          round,
          () => fix(customer, gold),
          () => trade(t, customer, { side: 'sell', asset: 'AU', quantity: '2000' }),
        );
        expect(fixed.statusCode, fixed.body).toBe(201);
        const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
        expect(held).toHaveLength(1);
        expect(held[0]?.status).toBe('locked');
        // The term's principal is what it locked, whichever came first.
        const term = fixed.json<{ quantity: string; principal: string }>();
        expect(term.quantity).toBe(held[0]?.quantity);
        expect(term.principal).toBe(held[0]?.estimatedValue);
        if (sold.statusCode === 201) {
          expect(held[0]?.quantity).toBe('8000.00000000');
        } else {
          expect(sold.statusCode).toBe(422);
          expect(codeOf(sold)).toBe('ASSET_UNAVAILABLE');
          expect(held[0]?.quantity).toBe('10000.00000000');
        }
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('a maturity racing a buy of the same asset', () => {
  // Rounds run one after another: each round's runner would otherwise mature the others' terms.
  it.each([
    ['a whole position', undefined],
    ['a part, with profit (both take the cash row first)', '9000'],
    // 3 mg of gold is worth $0.171: 5 % of it is under a cent, so the maturity credits no cash
    // and nothing orders it behind the buy: the buy opening the position and the part becoming
    // active meet on the one-active-position index itself.
    ['without profit (they meet on the one-position index)', '3'],
  ])('rejoins the position once, %s: never two active positions, never a 500', async (_, part) => {
    for (let round = 0; round < rounds * 2; round++) {
      const customer = await verifiedCustomer(t, { cash: '1000' });
      const gold = await buyGold(customer, '10000');
      const fixed = await fix(customer, gold, part);
      expect(fixed.statusCode, fixed.body).toBe(201);
      const term = fixed.json<{ id: string; profit: string }>();
      if (part) {
        // Sell what is left, so the buy has to open a new position while the part comes back.
        const left = dec(10000).minus(part).toString();
        const sold = await trade(t, customer, { side: 'sell', asset: 'AU', quantity: left });
        expect(sold.statusCode, sold.body).toBe(201);
      }
      expect(await activeGold(customer)).toEqual([]);
      const cashBefore = await cashOf(t, customer.userId);

      const [matured, bought] = await both(
        round,
        () => runDueJobs(t.ctx, afterOneMonth),
        () => trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' }),
      );
      expect(bought.statusCode, bought.body).toBe(201);
      // The runner also matures what earlier tests in this file fixed; this term is among them.
      expect(matured.filter((outcome) => outcome.failure !== null)).toEqual([]);
      expect(matured.map((outcome) => (outcome.result as { id: string }).id)).toContain(term.id);
      const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({
        status: 'active',
        quantity: dec(part ?? 10000)
          .plus(1000)
          .toFixed(8),
      });
      // 1,000 mg cost $57; the profit came in once.
      expect(await cashOf(t, customer.userId)).toBe(
        dec(cashBefore).minus(57).plus(term.profit).toFixed(8),
      );
      const profits = await t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.account, 'customer'),
            eq(ledgerEntries.kind, 'fixed_term_profit'),
            eq(ledgerEntries.reference, term.id),
          ),
        );
      expect(profits).toHaveLength(dec(term.profit).isZero() ? 0 : 1);
      expect((await termsOf(customer))[0]?.status).toBe('matured');
      await expectHoldingsMatchJournal(t, customer.userId);
    }
  });

  it('joins open positions once while buys add to them at the same moment', async () => {
    // Every customer's term matures under runners racing every customer's buys.
    const customers = await Promise.all(
      Array.from({ length: rounds * 2 }, async () => {
        const customer = await verifiedCustomer(t, { cash: '1000' });
        const gold = await buyGold(customer, '10000');
        const fixed = await fix(customer, gold, '4000');
        expect(fixed.statusCode, fixed.body).toBe(201);
        return customer;
      }),
    );
    const buys = customers.flatMap((customer) => [
      () => trade(t, customer, { side: 'buy', asset: 'AU', quantity: '100' }),
      () => trade(t, customer, { side: 'buy', asset: 'AU', quantity: '100' }),
    ]);
    const [bought, matured] = await Promise.all([
      Promise.all(buys.map((send) => send())),
      Promise.all([runDueJobs(t.ctx, afterOneMonth), runDueJobs(t.ctx, afterOneMonth)]),
    ]);
    for (const res of bought) expect(res.statusCode, res.body).toBe(201);
    const outcomes = matured.flat();
    expect(outcomes.filter((outcome) => outcome.failure !== null)).toEqual([]);
    expect(outcomes).toHaveLength(customers.length);
    for (const customer of customers) {
      const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
      expect(held.map((row) => [row.status, row.quantity])).toEqual([['active', '10200.00000000']]);
      // $1,000 − $570 − 2 × $5.70 + 5 % of $228.
      expect(await cashOf(t, customer.userId)).toBe('430.00000000');
      await expectHoldingsMatchJournal(t, customer.userId);
    }
  });
});

describe.runIf(dbKind === 'postgres')('a maturity and a buy in each forced interleaving', () => {
  // Left to the scheduler, the two nearly never overlap inside the database. Here a trigger
  // holds one of them, uncommitted, just after it wrote the active row (while the test holds an
  // advisory lock), until the other is seen waiting on it: the buy's new position makes the
  // part's return hit the one-active-position index; the part's return makes the buy's insert
  // find a conflict. Either way the part must join the one position, once.
  let admin: pg.Client;
  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const [row] = await t.ctx.database.query<{ name: string }>(
      { name: 'current_database', text: 'select current_database() as name' },
      [],
    );
    url.pathname = `/${row!.name}`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`
      create function test_hold() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock_shared(4242);
        return new;
      end $$`);
  });
  afterAll(() => admin.end());

  /** Waits until some session of this database waits on `event` (e.g. advisory, transactionid). */
  const waitingOn = (event: string) =>
    expect
      .poll(
        async () =>
          (
            await admin.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event = $1`,
              [event],
            )
          ).rows[0]?.n,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

  async function setUp(part: string | undefined) {
    // Terms earlier tests left due would be matured first by the same runner, and one of them
    // could be the one the trigger holds: mature them now.
    await runDueJobs(t.ctx, afterOneMonth);
    const customer = await verifiedCustomer(t, { cash: '1000' });
    const gold = await buyGold(customer, part ? '1000' : '3');
    const fixed = await fix(customer, gold, part);
    expect(fixed.statusCode, fixed.body).toBe(201);
    if (part) {
      const sold = await trade(t, customer, {
        side: 'sell',
        asset: 'AU',
        quantity: dec(1000).minus(part).toString(),
      });
      expect(sold.statusCode, sold.body).toBe(201);
    }
    const term = fixed.json<{ id: string; profit: string; quantity: string }>();
    // No profit: nothing else (the cash row) puts the two in order.
    expect(term.profit).toBe('0.00000000');
    return { customer, term };
  }

  async function expectJoinedOnce(customer: Customer, quantity: string, termId: string) {
    const held = (await valuablesOf(t, customer.userId)).filter((r) => r.assetSymbol === 'AU');
    expect(held.map((row) => [row.status, row.quantity])).toEqual([['active', quantity]]);
    const [term] = await t.ctx.db.select().from(fixedTerms).where(eq(fixedTerms.id, termId));
    expect(term?.status).toBe('matured');
    await expectHoldingsMatchJournal(t, customer.userId);
  }

  it.each([
    ['a whole position', undefined],
    ['a split-off part', '3'],
  ])('the buy opens the position first: %s joins it', async (_, part) => {
    const { customer, term } = await setUp(part);
    await admin.query('select pg_advisory_lock(4242)');
    await admin.query(`
      create trigger test_hold_buy after insert on valuables for each row
      when (new.asset_symbol = 'AU' and new.status = 'active') execute function test_hold()`);
    try {
      const bought = trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' });
      await waitingOn('advisory');
      const matured = runDueJobs(t.ctx, afterOneMonth);
      // The part's return waits on the buy's uncommitted row in the unique index.
      await waitingOn('transactionid');
      await admin.query('select pg_advisory_unlock(4242)');
      const [res, outcomes] = await Promise.all([bought, matured]);
      expect(res.statusCode, res.body).toBe(201);
      expect(outcomes.filter((outcome) => outcome.failure !== null)).toEqual([]);
      expect(outcomes.map((outcome) => (outcome.result as { id: string }).id)).toContain(term.id);
    } finally {
      await admin.query('select pg_advisory_unlock_all()');
      await admin.query('drop trigger test_hold_buy on valuables');
    }
    await expectJoinedOnce(customer, '1003.00000000', term.id);
  });

  it.each([
    ['a whole position', undefined],
    ['a split-off part', '3'],
  ])('the part returns first: the buy adds to it (%s)', async (_, part) => {
    const { customer, term } = await setUp(part);
    await admin.query('select pg_advisory_lock(4242)');
    await admin.query(`
      create trigger test_hold_return after update on valuables for each row
      when (old.status = 'locked' and new.status = 'active') execute function test_hold()`);
    try {
      const matured = runDueJobs(t.ctx, afterOneMonth);
      await waitingOn('advisory');
      const bought = trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' });
      // The buy's insert waits on the returned part's uncommitted row in the unique index.
      await waitingOn('transactionid');
      await admin.query('select pg_advisory_unlock(4242)');
      const [res, outcomes] = await Promise.all([bought, matured]);
      expect(res.statusCode, res.body).toBe(201);
      expect(outcomes.filter((outcome) => outcome.failure !== null)).toEqual([]);
      expect(outcomes.map((outcome) => (outcome.result as { id: string }).id)).toContain(term.id);
    } finally {
      await admin.query('select pg_advisory_unlock_all()');
      await admin.query('drop trigger test_hold_return on valuables');
    }
    await expectJoinedOnce(customer, '1003.00000000', term.id);
  });
});
