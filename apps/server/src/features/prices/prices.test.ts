// The price book as a caller sees it: SPEC §9's prices until something changes them, a new price
// taking effect for the book, the 24 h change and the charts, and orders priced at the book —
// refused with PRICE_CHANGED when the price they were shown is no longer the book's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assets, findAsset } from '@secure-vault/shared/catalogue';
import { priceBookSchema, priceHistorySchema } from '@secure-vault/shared/prices';
import { quote } from '@secure-vault/shared/trading';
import { dec } from '@secure-vault/shared/money';
import { knownCaller } from '../../db/caller.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { trade as ledgerTrade } from '../../ledger/trade.ts';
import { recordPrice } from '../../prices/book.ts';
import { createQuoteBook } from '../../prices/quote-book.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { cashOf, positionOf, swap, trade } from '../../test/trading.ts';

const hour = 60 * 60 * 1000;
// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function asset(symbol: string) {
  const found = findAsset(symbol);
  if (!found) throw new Error(symbol);
  return found;
}

async function book() {
  const res = await call(t, 'GET', '/prices');
  expect(res.statusCode).toBe(200);
  return priceBookSchema.parse(res.json());
}

async function priceOf(symbol: string) {
  const found = (await book()).prices.find((price) => price.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} in the book`);
  return found;
}

/** A price written by a feed a moment after the last one. */
async function tick(symbol: string, buy: string, sell: string = buy) {
  clock.advance(1000);
  await recordPrice(t.ctx.database, {
    asset: asset(symbol),
    buy,
    sell,
    source: 'feed',
    at: clock.now(),
  });
}

describe('the book', () => {
  it('opens at SPEC §9 prices, buy and sell alike, for every listed asset in catalogue order', async () => {
    const opened = await book();
    expect(opened.prices.map((price) => price.symbol)).toEqual(assets.map((a) => a.symbol));
    for (const listed of assets) {
      const price = opened.prices.find((p) => p.symbol === listed.symbol);
      expect(price).toMatchObject({
        buy: listed.price,
        sell: listed.price,
        source: 'opening',
        change24h: '0.00',
      });
    }
  });

  it('is public: no session is needed to read it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/prices' });
    expect(res.statusCode).toBe(200);
    // With how far a price may move from the one an order shows, for the screens' wording.
    expect(res.json()).toMatchObject({ tolerance: '0.005' });
  });

  it('takes a new price at once, with its source, time and change since the book opened', async () => {
    await tick('ETH', '3700', '3690');
    const eth = await priceOf('ETH');
    expect(eth).toMatchObject({ buy: '3700', sell: '3690', source: 'feed' });
    expect(eth.effectiveAt).toBe(clock.now().toISOString());
    // (3690 − 3650) ÷ 3650 = 1.0958…%
    expect(eth.change24h).toBe('1.10');
    // Every other asset keeps its listed price.
    expect((await priceOf('BTC')).buy).toBe('115000');
  });

  it("measures the 24 h change from the price in effect a day before, not the book's first", async () => {
    await tick('LINK', '15');
    clock.advance(25 * hour);
    await tick('LINK', '16.5');
    // From 15 (the price a day ago), not from the opening 14: +10%.
    expect((await priceOf('LINK')).change24h).toBe('10.00');
  });

  it('refuses a price with more than 8 decimals, or a sell above the buy', async () => {
    await expect(tick('BTC', '115000.123456789')).rejects.toThrow(/not a price the book can hold/);
    await expect(tick('BTC', '115000', '115001')).rejects.toThrow(/not a price/);
    await expect(tick('BTC', '0')).rejects.toThrow(/not a price/);
    expect((await priceOf('BTC')).buy).toBe('115000');
  });

  it('keeps every price it had: a price row is neither changed nor removed', async () => {
    await expect(
      t.ctx.database.query(
        { name: 'test_update_price', text: 'update asset_prices set buy = 1' },
        [],
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.ctx.database.query({ name: 'test_delete_price', text: 'delete from asset_prices' }, []),
    ).rejects.toThrow(/append-only/);
  });
});

describe('the book a process quotes from', () => {
  it('is read once and forgotten when a price is written, by the notice the insert sends', async () => {
    const book = createQuoteBook(t.ctx.database);
    try {
      expect(await book.priceOf(asset('BCH'))).toEqual({ buy: '567', sell: '567' });
      await tick('BCH', '580', '578');
      // The notice arrives after the insert commits; until then the statement checks the book.
      await vi.waitFor(async () =>
        expect(await book.priceOf(asset('BCH'))).toEqual({ buy: '580', sell: '578' }),
      );
    } finally {
      await book.close();
    }
  });
});

describe('the history', () => {
  it("draws a day in 5-minute steps, each the price in effect at the step's end", async () => {
    await tick('DOT', '3.70');
    clock.advance(hour);
    await tick('DOT', '3.80', '3.75');
    const res = await call(t, 'GET', '/prices/DOT/history?range=1d');
    expect(res.statusCode).toBe(200);
    const history = priceHistorySchema.parse(res.json());
    expect(history.points).toHaveLength(288);
    const last = history.points.at(-1);
    expect(last).toMatchObject({ buy: '3.8', sell: '3.75' });
    expect(new Date(last?.at ?? 0).getTime()).toBe(clock.now().getTime());
    // An hour and a second before the end, the price before the last tick.
    const hourBefore = history.points.at(-13);
    expect(hourBefore).toMatchObject({ buy: '3.7', sell: '3.7' });
  });

  it('leaves out the steps before the asset had a price, and draws "all" in a year\'s points at most', async () => {
    const res = await call(t, 'GET', '/prices/dot/history?range=all');
    const history = priceHistorySchema.parse(res.json());
    expect(history.points.length).toBeGreaterThan(0);
    expect(history.points.length).toBeLessThanOrEqual(366);
    expect(history.points[0]?.buy).toBe('3.61');
    const year = priceHistorySchema.parse(
      (await call(t, 'GET', '/prices/DOT/history?range=1y')).json(),
    );
    // The book opened today: a year's chart starts at the opening, not a year ago.
    expect(year.points.length).toBeLessThan(5);
  });

  it('answers UNKNOWN_ASSET for a symbol that is not listed, and VALIDATION for a range that is not one', async () => {
    const unknown = await call(t, 'GET', '/prices/GOLDX/history?range=1d');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_ASSET');
    const range = await call(t, 'GET', '/prices/BTC/history?range=5y');
    expect(range.statusCode).toBe(400);
    expect(range.json().error.code).toBe('VALIDATION');
  });
});

describe('orders at the book', () => {
  let customer: Customer;
  beforeEach(async () => {
    customer = await createCustomer(t, { cash: '10000.00' });
  });

  it('buys at the buy price and sells at the sell price', async () => {
    await tick('SOL', '170', '168');
    const bought = await trade(t, customer, {
      side: 'buy',
      asset: 'SOL',
      quantity: '2',
      price: '170',
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({ price: '170', total: '340.00' });
    const sold = await trade(t, customer, {
      side: 'sell',
      asset: 'SOL',
      quantity: '1',
      price: '168',
    });
    expect(sold.statusCode).toBe(201);
    expect(sold.json()).toMatchObject({ price: '168', total: '168.00' });
    expect(await cashOf(t, customer.userId)).toBe('9828.00000000');
  });

  it('refuses PRICE_CHANGED with the new price when the book moved past the tolerance, moving nothing', async () => {
    await tick('XRP', '3.10');
    const key = randomUUID();
    const refused = await trade(
      t,
      customer,
      { side: 'buy', asset: 'XRP', quantity: '10', price: '2.95' },
      key,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { symbol: 'XRP', price: '3.1' },
    });
    expect(refused.json().error.message).toBe('The price changed: XRP is now $3.1 per unit.');
    expect(await cashOf(t, customer.userId)).toBe('10000.00000000');
    expect(await positionOf(t, customer.userId, 'XRP')).toBeUndefined();
    // The customer takes the new price: the same key is free, since nothing was done with it.
    const taken = await trade(
      t,
      customer,
      { side: 'buy', asset: 'XRP', quantity: '10', price: '3.1' },
      key,
    );
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({ price: '3.1', total: '31.00' });
  });

  it('fills at the book within the tolerance, and at the book when no price is named', async () => {
    await tick('TON', '6.12');
    // 6.1 → 6.12 is 0.33%, within 0.5%: the book's price, which the answer names.
    const within = await trade(t, customer, {
      side: 'buy',
      asset: 'TON',
      quantity: '100',
      price: '6.1',
    });
    expect(within.statusCode).toBe(201);
    expect(within.json()).toMatchObject({ price: '6.12', total: '612.00' });
    const unnamed = await trade(t, customer, { side: 'buy', asset: 'TON', quantity: '1' });
    expect(unnamed.json()).toMatchObject({ price: '6.12' });
  });

  it('swaps at the sell price of what leaves and the buy price of what arrives, checking both', async () => {
    await tick('ADA', '0.75', '0.74');
    await tick('TRX', '0.34', '0.33');
    await trade(t, customer, { side: 'buy', asset: 'ADA', quantity: '100' });
    const moved = await swap(t, customer, {
      from: 'ADA',
      to: 'TRX',
      quantity: '100',
      fromPrice: '0.70',
      toPrice: '0.34',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.details).toEqual({ symbol: 'ADA', price: '0.74' });
    const swapped = await swap(t, customer, {
      from: 'ADA',
      to: 'TRX',
      quantity: '100',
      fromPrice: '0.74',
      toPrice: '0.34',
    });
    expect(swapped.statusCode).toBe(201);
    // 100 × 0.74 = $74.00, which buys 217.64705 TRX at 0.34 (rounded down to the step) for
    // $73.99999700, rounded up to $74.00: no cents back.
    expect(dec(swapped.json().to.quantity).toFixed()).toBe('217.64705');
    expect(swapped.json().cashRemainder).toBe('0.00');
  });

  it('is refused by the ledger itself when the book changed between the quote and the statement', async () => {
    const eth = asset('ETH');
    const shown = (await priceOf('ETH')).buy;
    const priced = quote(eth, { quantity: '0.1' }, 'buy', shown);
    if (!priced.ok) throw new Error('quote');
    // Written after the quote, before the statement: the statement prices at the book.
    await tick('ETH', '3800');
    await expect(
      ledgerTrade(t.ctx.database, knownCaller(customer.userId), {
        side: 'buy',
        asset: eth,
        quote: priced.quote,
        at: clock.now(),
        idempotency: { key: randomUUID(), requestHash: 'h' },
      }),
    ).rejects.toMatchObject({ code: 'PRICE_CHANGED', details: { symbol: 'ETH', price: '3800' } });
    expect(await cashOf(t, customer.userId)).toBe('10000.00000000');
  });

  it('values a transfer of a holding at the book, not at the listed price', async () => {
    await trade(t, customer, { side: 'buy', asset: 'DOGE', quantity: '1000' });
    await tick('DOGE', '0.25');
    const receiver = await createCustomer(t);
    // Sending value out needs approved identity verification (DESIGN §5).
    await t.ctx.db
      .insert(kycVerifications)
      .values({ userId: customer.userId, status: 'approved', decidedAt: clock.now() });
    const held = await positionOf(t, customer.userId, 'DOGE');
    const res = await call(
      t,
      'POST',
      '/transfers',
      { receiverAccountNumber: receiver.accountNumber, valuableId: held?.id, quantity: '400' },
      { cookie: customer.cookie, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const received = await positionOf(t, receiver.userId, 'DOGE');
    expect(received).toMatchObject({ quantity: '400.00000000', estimatedValue: '100.00000000' });
  });
});
