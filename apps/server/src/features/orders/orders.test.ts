// Limit orders as a customer meets them: an order reserves its cash or quantity within their vault
// (which nothing else can then spend), fills once, whole, at the book's price when the book
// crosses its limit — never worse than the limit — with a notice and an email, returns a buy's
// unused cash, and is released by a cancellation or its expiry. Another customer's order is not
// theirs to cancel. Every movement balances and every holding equals its journal. On PGlite and
// PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { limitOrderListSchema, limitOrderSchema } from '@secure-vault/shared/orders';
import { limitOrders } from '../../db/orders-schema.ts';
import { sweepOrders } from '../../jobs/runner.ts';
import { fillCrossedOrders } from '../../ledger/orders.ts';
import { reconcileLedger } from '../../ledger/reconcile.ts';
import { recordPrice } from '../../prices/book.ts';
import { call, lastMail } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer, openSession } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  positionOf,
  trade,
  valuablesOf,
} from '../../test/trading.ts';

// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function price(symbol: string, buy: string, sell = buy) {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(symbol);
  clock.advance(1000);
  await recordPrice(t.ctx.database, { asset, buy, sell, source: 'staff', at: clock.now() });
}

function place(customer: Customer, body: Record<string, unknown>, key = randomUUID()) {
  return call(
    t,
    'POST',
    '/me/orders',
    { goodUntil: null, ...body },
    { cookie: customer.cookie, headers: { 'idempotency-key': key } },
  );
}

async function placed(customer: Customer, body: Record<string, unknown>) {
  const res = await place(customer, body);
  expect(res.statusCode, res.body).toBe(201);
  return limitOrderSchema.parse(res.json());
}

async function ordersOf(customer: Customer) {
  const res = await call(t, 'GET', '/me/orders', undefined, { cookie: customer.cookie });
  expect(res.statusCode).toBe(200);
  return limitOrderListSchema.parse(res.json()).items;
}

const cancel = (customer: Customer, id: string) =>
  call(t, 'POST', `/me/orders/${id}/cancel`, undefined, { cookie: customer.cookie });

async function reservedOf(customer: Customer) {
  return (await valuablesOf(t, customer.userId)).filter((row) => row.status === 'reserved');
}

/** A tick as the job runner's timer makes it, once this process's watch has looked. */
async function tick(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now());
}

async function expectLedgerProven(...customers: Customer[]) {
  for (const customer of customers) await expectHoldingsMatchJournal(t, customer.userId);
  const report = await reconcileLedger(t.ctx.db, clock.now());
  expect(report.differences).toEqual([]);
}

describe('a buy limit order', () => {
  it('reserves its cash, fills at the book when the price falls to its limit, and returns what it did not use', async () => {
    await price('LTC', '106');
    const customer = await createCustomer(t, { cash: '1000.00' });
    const order = await placed(customer, {
      symbol: 'LTC',
      side: 'buy',
      quantity: '2.5',
      limitPrice: '100',
    });
    // 2.5 × 100 = $250.00 held for it; the rest stays spendable.
    expect(order).toMatchObject({ status: 'open', reserved: '250.00', limitPrice: '100' });
    expect(await cashOf(t, customer.userId)).toBe('750.00000000');
    expect((await reservedOf(customer)).map((row) => row.estimatedValue)).toEqual(['250.00000000']);
    // What is reserved cannot be spent elsewhere: $800 is more than the cash left.
    const spent = await trade(t, customer, { side: 'buy', asset: 'LTC', total: '800' });
    expect(spent.statusCode).toBe(422);
    expect(spent.json().error.code).toBe('INSUFFICIENT_CASH');

    // Not yet: the book is above the limit.
    await price('LTC', '100.01');
    await tick();
    expect((await ordersOf(customer))[0]?.status).toBe('open');
    // Through it: filled at the book's 99.5, the limit or better (by this process's watch on the
    // book, or by the tick, whichever looks first).
    await price('LTC', '99.5', '99');
    await tick();
    const [filled] = await ordersOf(customer);
    expect(filled).toMatchObject({
      id: order.id,
      status: 'filled',
      fillPrice: '99.5',
      fillTotal: '248.75',
    });
    expect((await positionOf(t, customer.userId, 'LTC'))?.quantity).toBe('2.50000000');
    // $750 + the $1.25 the limit held and the fill did not use.
    expect(await cashOf(t, customer.userId)).toBe('751.25000000');
    expect(await reservedOf(customer)).toEqual([]);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Limit order: Litecoin — Secure Vault');
    expect(mail?.text).toContain('has filled at $99.5 per unit (your limit: $100), for $248.75');
    // A later tick finds nothing: it filled once.
    expect(await tick()).toBe(0);
    expect((await positionOf(t, customer.userId, 'LTC'))?.quantity).toBe('2.50000000');
    await expectLedgerProven(customer);
  });

  it('fills at once when the book already crosses it, at the book’s better price', async () => {
    await price('DOT', '3.61');
    const customer = await createCustomer(t, { cash: '100.00' });
    const order = await placed(customer, {
      symbol: 'DOT',
      side: 'buy',
      quantity: '10',
      limitPrice: '4',
    });
    expect(order).toMatchObject({ status: 'filled', fillPrice: '3.61', fillTotal: '36.10' });
    expect(await cashOf(t, customer.userId)).toBe('63.90000000');
    await expectLedgerProven(customer);
  });

  it('is refused when the cash cannot cover it at its limit, and reserves nothing', async () => {
    const customer = await createCustomer(t, { cash: '10.00' });
    const res = await place(customer, {
      symbol: 'BTC',
      side: 'buy',
      quantity: '1',
      limitPrice: '1000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_CASH',
      details: { needed: '1000', balance: '10' },
    });
    expect(await ordersOf(customer)).toEqual([]);
    expect(await cashOf(t, customer.userId)).toBe('10.00000000');
  });
});

describe('a sell limit order', () => {
  it('reserves the quantity, which cannot be sold twice, and fills when the price rises to its limit', async () => {
    await price('SOL', '169');
    const customer = await createCustomer(t, { cash: '1000.00' });
    const bought = await trade(t, customer, { side: 'buy', asset: 'SOL', quantity: '4' });
    expect(bought.statusCode).toBe(201);
    const order = await placed(customer, {
      symbol: 'SOL',
      side: 'sell',
      quantity: '3',
      limitPrice: '180',
    });
    expect(order).toMatchObject({ status: 'open', reserved: '3' });
    expect((await positionOf(t, customer.userId, 'SOL'))?.quantity).toBe('1.00000000');
    const oversell = await trade(t, customer, { side: 'sell', asset: 'SOL', quantity: '2' });
    expect(oversell.json().error.code).toBe('INSUFFICIENT_HOLDING');
    const cashBefore = await cashOf(t, customer.userId);

    await price('SOL', '182', '181.333');
    await tick();
    const [filled] = await ordersOf(customer);
    // 3 × 181.333 = 543.999, received rounded down to the cent.
    expect(filled).toMatchObject({ status: 'filled', fillPrice: '181.333', fillTotal: '543.99' });
    expect(Number(await cashOf(t, customer.userId)) - Number(cashBefore)).toBeCloseTo(543.99, 8);
    expect((await positionOf(t, customer.userId, 'SOL'))?.quantity).toBe('1.00000000');
    expect(await reservedOf(customer)).toEqual([]);
    await expectLedgerProven(customer);
  });

  it('is refused for more than the holding', async () => {
    const customer = await createCustomer(t, { cash: '100.00' });
    const res = await place(customer, {
      symbol: 'ETH',
      side: 'sell',
      quantity: '1',
      limitPrice: '4000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INSUFFICIENT_HOLDING');
  });
});

describe('closing an order', () => {
  it('cancels an open order, releasing its reservation; a closed one stays closed', async () => {
    await price('XRP', '2.95');
    const customer = await createCustomer(t, { cash: '500.00' });
    await trade(t, customer, { side: 'buy', asset: 'XRP', quantity: '100' });
    const buy = await placed(customer, {
      symbol: 'XRP',
      side: 'buy',
      quantity: '50',
      limitPrice: '2',
    });
    const sell = await placed(customer, {
      symbol: 'XRP',
      side: 'sell',
      quantity: '100',
      limitPrice: '5',
    });
    // The whole holding is reserved: no active position is left, and the Sell tab says why.
    expect(await positionOf(t, customer.userId, 'XRP')).toBeUndefined();
    const holding = await call(t, 'GET', '/me/holdings/XRP', undefined, {
      cookie: customer.cookie,
    });
    expect(holding.json()).toMatchObject({ quantity: '100.00000000', status: 'reserved' });
    const cash = await cashOf(t, customer.userId);

    for (const order of [buy, sell]) {
      const res = await cancel(customer, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status: 'cancelled' });
    }
    expect(Number(await cashOf(t, customer.userId)) - Number(cash)).toBe(100);
    expect((await positionOf(t, customer.userId, 'XRP'))?.quantity).toBe('100.00000000');
    expect(await reservedOf(customer)).toEqual([]);
    const again = await cancel(customer, buy.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    await expectLedgerProven(customer);
  });

  it("answers another customer's order as missing, and leaves it open", async () => {
    const owner = await createCustomer(t, { cash: '100.00' });
    const other = await createCustomer(t, { cash: '100.00' });
    const order = await placed(owner, {
      symbol: 'ADA',
      side: 'buy',
      quantity: '10',
      limitPrice: '0.5',
    });
    const res = await cancel(other, order.id);
    expect(res.statusCode).toBe(404);
    expect((await ordersOf(owner))[0]?.status).toBe('open');
    expect(await ordersOf(other)).toEqual([]);
  });

  it('expires at the end of its last day, releasing the cash and telling the customer', async () => {
    const customer = await createCustomer(t, { cash: '100.00' });
    const today = clock.now().toISOString().slice(0, 10);
    const order = await placed(customer, {
      symbol: 'TRX',
      side: 'buy',
      quantity: '100',
      limitPrice: '0.3',
      goodUntil: today,
    });
    expect(order.expiresAt).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    expect(await cashOf(t, customer.userId)).toBe('70.00000000');
    clock.advance(Date.parse(order.expiresAt ?? '') - clock.now().getTime());
    await sweepOrders(t.ctx, clock.now());
    customer.cookie = await openSession(t, customer.userId);
    expect((await ordersOf(customer))[0]).toMatchObject({ status: 'expired' });
    expect(await cashOf(t, customer.userId)).toBe('100.00000000');
    const mail = await lastMail(t, customer.email);
    expect(mail?.text).toContain('has expired without filling');
    await expectLedgerProven(customer);
  });

  it('refuses a day already past or more than a year ahead, on its field', async () => {
    const customer = await createCustomer(t, { cash: '100.00' });
    for (const goodUntil of ['2020-01-01', '2099-01-01']) {
      const res = await place(customer, {
        symbol: 'TRX',
        side: 'buy',
        quantity: '10',
        limitPrice: '0.3',
        goodUntil,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toEqual([
        { path: 'body.goodUntil', message: 'trading:orders.errors.dateRange' },
      ]);
    }
  });
});

describe('the reconciliation', () => {
  it('shows what is reserved per asset, and finds a reservation that is not what its order holds', async () => {
    await price('BCH', '567');
    const customer = await createCustomer(t, { cash: '2000.00' });
    await trade(t, customer, { side: 'buy', asset: 'BCH', quantity: '2' });
    const buy = await placed(customer, {
      symbol: 'BCH',
      side: 'buy',
      quantity: '1',
      limitPrice: '500',
    });
    await placed(customer, { symbol: 'BCH', side: 'sell', quantity: '1.5', limitPrice: '700' });
    const report = await reconcileLedger(t.ctx.db, clock.now());
    expect(report.differences).toEqual([]);
    const bch = report.positions.find((position) => position.asset === 'BCH');
    const usd = report.positions.find((position) => position.asset === 'USD');
    expect(dec(bch?.reserved ?? '0').greaterThanOrEqualTo('1.5')).toBe(true);
    expect(dec(usd?.reserved ?? '0').greaterThanOrEqualTo('500')).toBe(true);

    // An order that says it holds more than its reservation does is found.
    await t.ctx.db.update(limitOrders).set({ reserved: '501' }).where(eq(limitOrders.id, buy.id));
    const tampered = await reconcileLedger(t.ctx.db, clock.now());
    expect(tampered.differences).toEqual([
      expect.objectContaining({
        kind: 'reservation',
        userId: customer.userId,
        itemName: 'USD',
        expected: '501.00000000',
        actual: '500.00000000',
      }),
    ]);
    await t.ctx.db.update(limitOrders).set({ reserved: '500' }).where(eq(limitOrders.id, buy.id));
  });
});

describe('when processes race', () => {
  it('fills each crossed order once when two ticks look at the same price', async () => {
    await price('LINK', '14');
    const customers = await Promise.all(
      Array.from({ length: 4 }, () => createCustomer(t, { cash: '200.00' })),
    );
    for (const customer of customers) {
      await placed(customer, { symbol: 'LINK', side: 'buy', quantity: '10', limitPrice: '13' });
    }
    await price('LINK', '12.5');
    const counts = await Promise.all([
      fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now(), ['LINK']),
      fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now(), ['LINK']),
    ]);
    // This process's own watch on the book may have filled some first: never more than four.
    expect(counts[0] + counts[1]).toBeLessThanOrEqual(4);
    for (const customer of customers) {
      expect((await ordersOf(customer))[0]?.status).toBe('filled');
      expect((await positionOf(t, customer.userId, 'LINK'))?.quantity).toBe('10.00000000');
    }
    await expectLedgerProven(...customers);
  });

  it('either fills or cancels an order its owner cancels during a tick, never both', async () => {
    await price('UNI', '7.4');
    const customer = await createCustomer(t, { cash: '200.00' });
    const order = await placed(customer, {
      symbol: 'UNI',
      side: 'buy',
      quantity: '10',
      limitPrice: '7',
    });
    await price('UNI', '6.9');
    const [cancelled, filled] = await Promise.all([
      cancel(customer, order.id),
      fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now(), ['UNI']),
    ]);
    const [after] = await ordersOf(customer);
    if (cancelled.statusCode === 200) {
      expect(after?.status).toBe('cancelled');
      expect(await cashOf(t, customer.userId)).toBe('200.00000000');
    } else {
      expect(cancelled.statusCode).toBe(409);
      expect(filled).toBeLessThanOrEqual(1);
      expect(after?.status).toBe('filled');
      expect(await cashOf(t, customer.userId)).toBe('131.00000000');
    }
    await expectLedgerProven(customer);
  });
});
