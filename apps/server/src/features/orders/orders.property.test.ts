// Property tests of limit orders (issue 29) over random sequences of price changes, orders,
// cancellations and ticks by one customer, through the API and the tick the job runner makes: no
// order fills twice or at a worse price than its limit; a fill's cash is its quantity at its price,
// rounded against the customer to the cent; what the customer holds — active and reserved — is
// what they started with plus their fills; reservations equal the open orders and every movement
// balances (the reconciliation finds nothing).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { centsDown, centsUp, dec, sum } from '@secure-vault/shared/money';
import { limitOrderSchema } from '@secure-vault/shared/orders';
import { limitOrders } from '../../db/orders-schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { fillCrossedOrders } from '../../ledger/orders.ts';
import { reconcileLedger } from '../../ledger/reconcile.ts';
import { recordPrice } from '../../prices/book.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { trade, valuablesOf } from '../../test/trading.ts';

const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

// XLM: listed at $0.1, quantities of whole units to 8 decimals; prices moved in tenths of a cent.
const symbol = 'XLM';
const asset = findAsset(symbol);
const tenths = fc.integer({ min: 60, max: 140 });
const step = fc.oneof(
  fc.record({
    type: fc.constant('price' as const),
    tenths,
    spread: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    type: fc.constantFrom('buy' as const, 'sell' as const),
    units: fc.integer({ min: 1, max: 400 }),
    tenths,
  }),
  fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('tick' as const) }),
);

async function setPrice(buy: string, sell: string) {
  if (!asset) throw new Error(symbol);
  clock.advance(1000);
  await recordPrice(t.ctx.database, { asset, buy, sell, source: 'staff', at: clock.now() });
}

const tick = () => fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now(), [symbol]);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function run(customer: Customer, steps: Step[]) {
  const placed: string[] = [];
  for (const s of steps) {
    if (s.type === 'price') {
      const buy = dec(s.tenths).dividedBy(1000);
      await setPrice(buy.toFixed(), buy.minus(dec(s.spread).dividedBy(10_000)).toFixed());
    } else if (s.type === 'tick') {
      await tick();
    } else if (s.type === 'cancel') {
      const id = placed[s.pick % Math.max(placed.length, 1)];
      if (!id) continue;
      const res = await call(t, 'POST', `/me/orders/${id}/cancel`, undefined, {
        cookie: customer.cookie,
      });
      expect([200, 409]).toContain(res.statusCode);
    } else {
      const res = await call(
        t,
        'POST',
        '/me/orders',
        {
          symbol,
          side: s.type,
          quantity: String(s.units),
          limitPrice: dec(s.tenths).dividedBy(1000).toFixed(),
          goodUntil: null,
        },
        { cookie: customer.cookie, headers: { 'idempotency-key': randomUUID() } },
      );
      // Refused only for want of cash or holding, and then it reserved nothing.
      if (res.statusCode === 201) placed.push(limitOrderSchema.parse(res.json()).id);
      else expect(['INSUFFICIENT_CASH', 'INSUFFICIENT_HOLDING']).toContain(res.json().error.code);
    }
  }
  await tick();
}

describe('limit orders over random sequences', () => {
  it('fill once, at the limit or better, and leave the ledger whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        await setPrice('0.1', '0.1');
        const customer = await createCustomer(t, { cash: '100.00' });
        const bought = await trade(t, customer, { side: 'buy', asset: symbol, quantity: '500' });
        expect(bought.statusCode).toBe(201);
        const start = { cash: dec('50.00'), units: dec('500') };
        await run(customer, steps);

        const orders = await t.ctx.db
          .select()
          .from(limitOrders)
          .where(eq(limitOrders.userId, customer.userId));
        const filled = orders.filter((order) => order.status === 'filled');
        for (const order of filled) {
          const price = dec(order.fillPrice ?? '0');
          const value = dec(order.quantity).times(price);
          if (order.side === 'buy') {
            expect(price.lessThanOrEqualTo(order.limitPrice)).toBe(true);
            expect(dec(order.fillTotal ?? '0').eq(centsUp(value))).toBe(true);
          } else {
            expect(price.greaterThanOrEqualTo(order.limitPrice)).toBe(true);
            expect(dec(order.fillTotal ?? '0').eq(centsDown(value))).toBe(true);
          }
        }
        // Each filled order is one movement of the customer's: it filled once.
        if (filled.length > 0) {
          const rows = await t.ctx.db
            .select({ reference: ledgerEntries.reference, movement: ledgerEntries.movement })
            .from(ledgerEntries)
            .where(
              and(
                eq(ledgerEntries.userId, customer.userId),
                inArray(
                  ledgerEntries.reference,
                  filled.map((order) => order.id),
                ),
              ),
            );
          for (const order of filled) {
            const movements = new Set(
              rows.filter((row) => row.reference === order.id).map((row) => row.movement),
            );
            expect(movements.size).toBe(1);
          }
        }
        // What the customer holds, active and reserved, is the start plus the fills.
        const of = (side: 'buy' | 'sell', field: 'quantity' | 'fillTotal') =>
          sum(filled.filter((o) => o.side === side).map((o) => o[field] ?? '0'));
        const holdings = await valuablesOf(t, customer.userId);
        const held = (assetSymbol: string, field: 'quantity' | 'estimatedValue') =>
          sum(
            holdings
              .filter((row) => row.assetSymbol === assetSymbol)
              .map((row) => row[field] ?? '0'),
          );
        expect(
          held(symbol, 'quantity').eq(
            start.units.plus(of('buy', 'quantity')).minus(of('sell', 'quantity')),
          ),
        ).toBe(true);
        expect(
          held('USD', 'estimatedValue').eq(
            start.cash.minus(of('buy', 'fillTotal')).plus(of('sell', 'fillTotal')),
          ),
        ).toBe(true);
        const report = await reconcileLedger(t.ctx.db, clock.now());
        expect(report.differences).toEqual([]);
        // Its open orders are cancelled, so the next run's prices find none of them.
        for (const order of orders.filter((o) => o.status === 'open')) {
          await call(t, 'POST', `/me/orders/${order.id}/cancel`, undefined, {
            cookie: customer.cookie,
          });
        }
      }),
      { numRuns: 12 },
    );
  });
});
