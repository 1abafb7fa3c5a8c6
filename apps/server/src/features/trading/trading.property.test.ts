// Property tests (DESIGN §2 invariants) over random sequences of buys, sells and swaps by one
// customer, through the API: every accepted trade or swap conserves value across the customer
// (cash + Σ position values) and the platform's rounding account to the last decimal, the
// platform's share being under a cent per cash leg and never negative; a refused one changes
// nothing; cash is always whole cents and never below zero; and every holding equals the sums of
// its journal rows.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { Dec, dec, isWholeCents } from '@secure-vault/shared/money';
import { createCustomer } from '../../test/customers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  journalOf,
  platformRoundingOf,
  positionOf,
  swap,
  trade,
  wealthOf,
} from '../../test/trading.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Metals and crypto with 3, 8, 6, 5 and 2 quantity decimals, cheap and dear.
const symbols = ['AU', 'AG', 'RH', 'BTC', 'ETH', 'XRP', 'DOGE', 'SHIB'] as const;
const symbol = fc.constantFrom(...symbols);

const share = fc.integer({ min: 1, max: 1050 });
const buy = fc.record({
  type: fc.constant('buy' as const),
  asset: symbol,
  // By amount, or by the quantity that amount buys plus a few awkward extra steps.
  byAmount: fc.boolean(),
  cents: fc.integer({ min: 1, max: 200_000 }),
  extraSteps: fc.integer({ min: 0, max: 99 }),
});
const operation = fc.oneof(
  buy,
  // `pick` chooses among the assets held (or any asset when nothing is); `share` is per mille
  // of the holding: 1000 is all of it, above that more than is held.
  fc.record({ type: fc.constant('sell' as const), pick: fc.nat(), share }),
  fc.record({ type: fc.constant('swap' as const), pick: fc.nat(), to: symbol, share }),
);

function buyOrder(op: { asset: string; byAmount: boolean; cents: number; extraSteps: number }) {
  const amount = dec(op.cents).dividedBy(100);
  if (op.byAmount) return { total: amount.toFixed(2) };
  const asset = findAsset(op.asset)!;
  const places = quantityDecimals(asset);
  const quantity = amount
    .dividedBy(asset.price)
    .toDecimalPlaces(places, Dec.ROUND_DOWN)
    .plus(dec(op.extraSteps).dividedBy(dec(10).pow(places)));
  return { quantity: quantity.toFixed(places) };
}

async function heldSymbol(userId: string, pick: number): Promise<string> {
  const held = [];
  for (const candidate of symbols) {
    if (await positionOf(t, userId, candidate)) held.push(candidate);
  }
  const from = held.length > 0 ? held : symbols;
  return from[pick % from.length]!;
}

async function shareOfHolding(userId: string, asset: string, perMille: number): Promise<string> {
  const held = dec((await positionOf(t, userId, asset))?.quantity ?? '0');
  const places = quantityDecimals(findAsset(asset)!);
  const quantity = held.times(perMille).dividedBy(1000).toDecimalPlaces(places, Dec.ROUND_DOWN);
  // Nothing held: ask for one step anyway, which must be refused.
  return quantity.isZero()
    ? dec(1).dividedBy(dec(10).pow(places)).toFixed(places)
    : quantity.toFixed(places);
}

describe('random trading', () => {
  it('conserves value, keeps holdings equal to the journal, and never overdraws cash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        // A buy first, so sells and swaps mostly have something to work on.
        fc.tuple(buy, fc.array(operation, { maxLength: 11 })),
        async (cents, [first, rest]) => {
          const operations = [first, ...rest];
          const customer = await createCustomer(t, {
            cash: dec(cents).dividedBy(100).toFixed(2),
          });
          for (const op of operations) {
            const wealthBefore = await wealthOf(t, customer.userId);
            const rowsBefore = (await journalOf(t, customer.userId)).length;
            let res;
            if (op.type === 'buy') {
              res = await trade(t, customer, { side: 'buy', asset: op.asset, ...buyOrder(op) });
            } else {
              const asset = await heldSymbol(customer.userId, op.pick);
              const quantity = await shareOfHolding(customer.userId, asset, op.share);
              res =
                op.type === 'sell'
                  ? await trade(t, customer, { side: 'sell', asset, quantity })
                  : await swap(t, customer, { from: asset, to: op.to, quantity });
            }
            const wealthAfter = await wealthOf(t, customer.userId);
            const rounding =
              res.statusCode === 201 ? await platformRoundingOf(t, [res.json().reference]) : dec(0);
            expect(wealthAfter.plus(rounding).toFixed(8), JSON.stringify(op)).toBe(
              wealthBefore.toFixed(8),
            );
            expect(rounding.isNegative()).toBe(false);
            expect(rounding.lessThan('0.02')).toBe(true);
            if (res.statusCode !== 201) {
              expect([400, 422], res.body).toContain(res.statusCode);
              expect(await journalOf(t, customer.userId)).toHaveLength(rowsBefore);
            }
            const cash = await cashOf(t, customer.userId);
            expect(dec(cash).isNegative()).toBe(false);
            expect(isWholeCents(cash), cash).toBe(true);
          }
          await expectHoldingsMatchJournal(t, customer.userId);
        },
      ),
      { numRuns: 40 },
    );
  });
});
