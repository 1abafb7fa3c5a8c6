// What a customer's vault did, as they would check it by hand: each holding's average cost from
// what they paid, its value at the book now, the gain realised by a sale in the year it was made,
// and the vault's value over time at the prices of each moment. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { performanceSchema, portfolioHistorySchema } from '@secure-vault/shared/performance';
import { recordPrice } from '../../prices/book.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer, openSession } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { swap, trade } from '../../test/trading.ts';

const hour = 60 * 60 * 1000;
// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function price(symbol: string, buy: string, sell: string = buy) {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(symbol);
  clock.advance(1000);
  await recordPrice(t.ctx.database, { asset, buy, sell, source: 'feed', at: clock.now() });
}

async function performanceOf(customer: Customer) {
  const res = await call(t, 'GET', '/me/performance', undefined, { cookie: customer.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return performanceSchema.parse(res.json());
}

async function historyOf(customer: Customer, range: string) {
  const res = await call(t, 'GET', `/me/portfolio/history?range=${range}`, undefined, {
    cookie: customer.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return portfolioHistorySchema.parse(res.json());
}

async function ordered(customer: Customer, body: Record<string, string>) {
  clock.advance(1000);
  const res = await trade(t, customer, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ total: string }>();
}

describe('performance', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer(t, { cash: '10000.00' });
  });

  it('is empty before anything listed was held', async () => {
    const empty = await performanceOf(customer);
    expect(empty.holdings).toEqual([]);
    expect(empty.totals).toEqual({
      costBasis: '0.00000000',
      value: '0.00000000',
      unrealised: '0.00000000',
      realised: [],
    });
  });

  it('costs what was paid, averaged over buys at different prices', async () => {
    await ordered(customer, { side: 'buy', asset: 'SOL', quantity: '10' });
    await price('SOL', '181', '180');
    await ordered(customer, { side: 'buy', asset: 'SOL', quantity: '10', price: '181' });
    const [sol] = (await performanceOf(customer)).holdings;
    // 10 × 169 + 10 × 181 = 3,500 for 20: 175 each. Worth 20 × 180 = 3,600 at the sell price.
    expect(sol).toEqual({
      symbol: 'SOL',
      quantity: '20.00000000',
      costBasis: '3500.00000000',
      averageCost: '175.00000000',
      value: '3600.00000000',
      unrealised: '100.00000000',
      unrealisedPercent: '2.86',
      realised: [],
    });
  });

  it('realises what a sale got above the average cost, in the year it was sold', async () => {
    await ordered(customer, { side: 'sell', asset: 'SOL', quantity: '5', price: '180' });
    const year = clock.now().getUTCFullYear();
    const after = await performanceOf(customer);
    // 5 sold for 900 against 5 × 175 = 875 of cost: 25 realised; 15 left costing 2,625.
    expect(after.holdings[0]).toMatchObject({
      quantity: '15.00000000',
      costBasis: '2625.00000000',
      averageCost: '175.00000000',
      value: '2700.00000000',
      unrealised: '75.00000000',
      realised: [{ year, amount: '25.00000000' }],
    });
    // Into the next year, at a loss: 5 sold at 170 against 875 of cost.
    clock.advance(Date.UTC(year + 1, 0, 1, 1) - clock.now().getTime());
    customer.cookie = await openSession(t, customer.userId);
    await price('SOL', '171', '170');
    await ordered(customer, { side: 'sell', asset: 'SOL', quantity: '5', price: '170' });
    const later = await performanceOf(customer);
    expect(later.holdings[0]?.realised).toEqual([
      { year: clock.now().getUTCFullYear(), amount: '-25.00000000' },
      { year, amount: '25.00000000' },
    ]);
    expect(later.totals.realised).toEqual(later.holdings[0]?.realised);
  });

  it('costs what a swap brought at its value then, and realises what it gave', async () => {
    clock.advance(1000);
    const res = await swap(t, customer, { from: 'SOL', to: 'ETH', quantity: '5' });
    expect(res.statusCode, res.body).toBe(201);
    const swapped = res.json<{ to: { quantity: string } }>();
    const perf = await performanceOf(customer);
    const sol = perf.holdings.find((h) => h.symbol === 'SOL');
    const eth = perf.holdings.find((h) => h.symbol === 'ETH');
    // SOL: 5 left of 10 costing 1,750 gave 5 × 170 = 850 against 875: −25 more this year.
    expect(sol).toMatchObject({ quantity: '5.00000000', costBasis: '875.00000000' });
    expect(sol?.realised[0]?.amount).toBe('-50.00000000');
    // ETH cost what it was worth at the book when it came: its quantity × 3,650.
    const cost = dec(swapped.to.quantity).times('3650').toDecimalPlaces(8);
    expect(eth?.costBasis).toBe(cost.toFixed(8));
    expect(eth?.quantity).toBe(dec(swapped.to.quantity).toFixed(8));
    expect(perf.totals.costBasis).toBe(cost.plus(875).toFixed(8));
  });

  it('is only ever the caller’s own', async () => {
    const other = await createCustomer(t, { cash: '10.00' });
    expect((await performanceOf(other)).holdings).toEqual([]);
    const anonymous = await call(t, 'GET', '/me/performance');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the portfolio over time', () => {
  it('values each step at what was held then, at the prices then', async () => {
    const customer = await createCustomer(t, { cash: '1000.00' });
    clock.advance(2 * hour);
    await ordered(customer, { side: 'buy', asset: 'LINK', quantity: '10' });
    clock.advance(3 * hour);
    await price('LINK', '20');
    clock.advance(3 * hour);
    const { points, range } = await historyOf(customer, '1w');
    expect(range).toBe('1w');
    // Hourly, from the step the account was opened in: nothing before it.
    expect(points.length).toBeGreaterThanOrEqual(8);
    expect(points.length).toBeLessThanOrEqual(10);
    const last = points[points.length - 1];
    // Now: 1,000 − 140 cash and 10 LINK at 20.
    expect(last).toEqual({
      at: expect.any(String),
      value: '1060.00000000',
      cash: '860.00000000',
      assets: '200.00000000',
      custody: '0.00000000',
    });
    // Before the new price, the same 10 LINK were worth 140: the vault was worth 1,000.
    const before = points.filter((point) => point.assets === '140.00000000');
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.every((point) => point.value === '1000.00000000')).toBe(true);
    // Oldest first, an hour apart.
    const times = points.map((point) => Date.parse(point.at));
    expect(times.every((time, i) => i === 0 || time - (times[i - 1] ?? 0) === hour)).toBe(true);
  });

  it('draws every range within a few hundred points, and refuses one it does not know', async () => {
    const customer = await createCustomer(t, { cash: '5.00' });
    for (const range of ['1w', '1m', '1y', 'all']) {
      const { points } = await historyOf(customer, range);
      expect(points.length).toBeGreaterThanOrEqual(1);
      expect(points.length).toBeLessThanOrEqual(366);
      expect(points[points.length - 1]?.value).toBe('5.00000000');
    }
    const res = await call(t, 'GET', '/me/portfolio/history?range=5y', undefined, {
      cookie: customer.cookie,
    });
    expect(res.statusCode).toBe(400);
  });
});
