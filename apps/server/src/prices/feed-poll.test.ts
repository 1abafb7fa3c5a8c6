// The price feed as a caller sees it (decision 029), against a local feed server: its prices
// reach the book and every process's quote book, an unchanged price writes nothing, a bad answer
// writes nothing and is kept for staff, and an asset whose feed price is stale is halted —
// trades and swaps refused PRICE_STALE — until the feed vouches for it again.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { priceBookSchema } from '@secure-vault/shared/prices';
import { createLogger } from '../logger.ts';
import { call } from '../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../test/customers.ts';
import { feedBody, type PriceFeedServer, startPriceFeedServer } from '../test/price-feed-server.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { cashOf, positionOf, swap, trade } from '../test/trading.ts';
import { pollPriceFeed } from './feed-poll.ts';
import { readFeedStatus } from './feed-status.ts';
import { createQuoteBook } from './quote-book.ts';

const second = 1000;
const intervalSeconds = 2;
const staleAfterSeconds = 30;
// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
const logger = createLogger('silent');
let feed: PriceFeedServer;
let t: TestApp;

beforeAll(async () => {
  feed = await startPriceFeedServer();
  t = await createTestApp({
    clock,
    env: {
      PRICE_FEED_URL: feed.url,
      PRICE_FEED_INTERVAL_SECONDS: String(intervalSeconds),
      PRICE_FEED_STALE_AFTER_SECONDS: String(staleAfterSeconds),
    },
  });
});
afterAll(async () => {
  await t.close();
  await feed.close();
});

/** The next interval's poll, with the feed answering `prices` as of now. */
async function poll(prices?: { symbol: string; buy: string; sell?: string }[]) {
  clock.advance(intervalSeconds * second);
  if (prices) feed.reply({ body: feedBody(clock.now(), prices) });
  return pollPriceFeed(t.ctx.database, t.ctx.config.priceFeed, clock.now(), logger);
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

async function rowsOf(symbol: string): Promise<number> {
  const [row] = await t.ctx.database.query<{ rows: number }>(
    {
      name: 'test_feed_rows',
      text: 'select count(*)::int as rows from asset_prices where symbol = $1',
    },
    [symbol],
  );
  return row?.rows ?? 0;
}

const status = () => readFeedStatus(t.ctx.database, t.ctx.config.priceFeed, clock.now());

describe('a poll', () => {
  it("brings the feed's prices to the book, and every process's quote book hears of them", async () => {
    const quotes = createQuoteBook(t.ctx.database);
    try {
      const gold = findAsset('AU');
      if (!gold) throw new Error('no gold');
      expect(await quotes.priceOf(gold)).toEqual({ buy: '0.057', sell: '0.057' });
      const outcome = await poll([
        { symbol: 'AU', buy: '0.0575', sell: '0.0571' },
        { symbol: 'BTC', buy: '116000.5', sell: '115900.25' },
      ]);
      expect(outcome).toEqual({ kind: 'polled', written: expect.arrayContaining(['AU', 'BTC']) });
      expect(await priceOf('AU')).toMatchObject({
        buy: '0.0575',
        sell: '0.0571',
        source: 'feed',
        effectiveAt: clock.now().toISOString(),
        halted: false,
      });
      expect(await priceOf('BTC')).toMatchObject({ buy: '116000.5', sell: '115900.25' });
      await vi.waitFor(async () =>
        expect(await quotes.priceOf(gold)).toEqual({ buy: '0.0575', sell: '0.0571' }),
      );
    } finally {
      await quotes.close();
    }
    expect(await status()).toMatchObject({
      configured: true,
      source: new URL(feed.url).origin,
      intervalSeconds,
      staleAfterSeconds,
      lastPolledAt: clock.now().toISOString(),
      lastSuccessAt: clock.now().toISOString(),
      lastError: null,
      halted: [],
    });
  });

  it('writes no row for a price the book already has, however the feed writes the number', async () => {
    await poll([{ symbol: 'ETH', buy: '3700', sell: '3690' }]);
    const rows = await rowsOf('ETH');
    const outcome = await poll([{ symbol: 'ETH', buy: '3700.00', sell: '3690.000' }]);
    expect(outcome).toEqual({ kind: 'polled', written: [] });
    expect(await rowsOf('ETH')).toBe(rows);
    expect((await status()).lastSuccessAt).toBe(clock.now().toISOString());
  });

  it('is not due again within the interval: the feed is asked once', async () => {
    await poll([{ symbol: 'SOL', buy: '170', sell: '169' }]);
    const asked = feed.requests();
    const again = await pollPriceFeed(
      t.ctx.database,
      t.ctx.config.priceFeed,
      new Date(clock.now().getTime() + second),
      logger,
    );
    expect(again).toEqual({ kind: 'not-due' });
    expect(feed.requests()).toBe(asked);
  });
});

describe('an answer the feed gets wrong', () => {
  const cases: {
    name: string;
    reply: () => Parameters<PriceFeedServer['reply']>[0];
    error: RegExp;
  }[] = [
    { name: 'not JSON', reply: () => ({ body: '{"prices": [' }), error: /not JSON/ },
    { name: 'HTTP 500', reply: () => ({ status: 500, body: '{}' }), error: /HTTP 500/ },
    { name: 'no answer in time', reply: () => ({ hang: true }), error: /did not answer within/ },
    {
      name: 'an answer too large',
      reply: () => ({
        body: `{"at": "${clock.now().toISOString()}", "pad": "${'x'.repeat(300_000)}"}`,
      }),
      error: /over 262144 bytes/,
    },
    {
      name: 'a sell above the buy',
      reply: () => ({ body: feedBody(clock.now(), [{ symbol: 'LTC', buy: '100', sell: '101' }]) }),
      error: /prices\.0\.sell is above buy/,
    },
    {
      name: 'more than 8 decimals',
      reply: () => ({ body: feedBody(clock.now(), [{ symbol: 'LTC', buy: '100.123456789' }]) }),
      error: /prices\.0\.buy must be a decimal string/,
    },
    {
      name: 'a number, not a decimal string',
      reply: () => ({
        body: JSON.stringify({
          at: clock.now().toISOString(),
          prices: [{ symbol: 'LTC', buy: 99.5, sell: 99 }],
        }),
      }),
      error: /prices\.0\.buy must be a decimal string/,
    },
    {
      name: 'an unknown symbol beside a good price',
      reply: () => ({
        body: feedBody(clock.now(), [
          { symbol: 'LTC', buy: '99' },
          { symbol: 'GOLD', buy: '120' },
        ]),
      }),
      error: /prices\.1\.symbol GOLD is not a listed asset/,
    },
    {
      name: 'hostile strings',
      reply: () => ({
        body: JSON.stringify({
          at: clock.now().toISOString(),
          prices: [
            {
              symbol: "LTC'; drop table asset_prices; --",
              buy: '<script>alert(1)</script>',
              sell: '1',
            },
          ],
          ['\u0000<img src=x onerror=alert(1)>'.repeat(50)]: true,
        }),
      }),
      error: /not in the documented format/,
    },
    {
      name: 'a time ahead of ours',
      reply: () => ({
        body: feedBody(new Date(clock.now().getTime() + 10 * 60 * second), [
          { symbol: 'LTC', buy: '99' },
        ]),
      }),
      error: /is ahead of ours/,
    },
    {
      name: 'prices older than the stale-after',
      reply: () => ({
        body: feedBody(new Date(clock.now().getTime() - 10 * 60 * second), [
          { symbol: 'LTC', buy: '99' },
        ]),
      }),
      error: /older than 30 s/,
    },
  ];

  it.each(cases)(
    '($name) writes nothing and keeps the error for staff',
    async ({ reply, error }) => {
      const before = await status();
      const rows = await rowsOf('LTC');
      clock.advance(intervalSeconds * second);
      feed.reply(reply());
      const outcome = await pollPriceFeed(
        t.ctx.database,
        t.ctx.config.priceFeed,
        clock.now(),
        logger,
      );
      expect(outcome).toEqual({ kind: 'refused', error: expect.stringMatching(error) });
      expect(await rowsOf('LTC')).toBe(rows);
      expect((await priceOf('LTC')).buy).toBe('106');
      const after = await status();
      expect(after.lastError).toMatch(error);
      expect(after.lastPolledAt).toBe(clock.now().toISOString());
      expect(after.lastSuccessAt).toBe(before.lastSuccessAt);
      // What staff read is printable text of bounded length, whatever the feed sent.
      expect(after.lastError).toMatch(/^[\x20-\x7e…]{1,300}$/);
      expect(after.lastError).not.toContain('secret-key');
    },
  );

  it('is forgotten by the next good poll', async () => {
    await poll([{ symbol: 'LTC', buy: '106' }]);
    expect((await status()).lastError).toBeNull();
  });
});

describe('a stale feed', () => {
  let customer: Customer;
  beforeEach(async () => {
    customer = await createCustomer(t, { cash: '10000.00' });
  });

  it('halts trading in an asset the feed has not vouched for lately, and a fresh price lifts it', async () => {
    await poll([
      { symbol: 'XRP', buy: '3', sell: '2.98' },
      { symbol: 'ADA', buy: '0.75', sell: '0.74' },
    ]);
    const bought = await trade(t, customer, {
      side: 'buy',
      asset: 'XRP',
      quantity: '10',
      price: '3',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const ada = await trade(t, customer, { side: 'buy', asset: 'ADA', quantity: '100' });
    expect(ada.statusCode, ada.body).toBe(201);
    // The feed goes quiet about XRP: it keeps vouching for ADA only.
    for (let polls = 0; polls * intervalSeconds <= staleAfterSeconds; polls += 1) {
      await poll([{ symbol: 'ADA', buy: '0.75', sell: '0.74' }]);
    }
    expect(await priceOf('XRP')).toMatchObject({ buy: '3', halted: true });
    expect(await priceOf('ADA')).toMatchObject({ halted: false });
    // An asset the feed never priced trades on.
    expect(await priceOf('DOGE')).toMatchObject({ halted: false });
    expect((await status()).halted).toContain('XRP');

    const cash = await cashOf(t, customer.userId);
    for (const order of [
      { side: 'buy', asset: 'XRP', quantity: '10', price: '3' },
      { side: 'sell', asset: 'XRP', quantity: '1' },
    ]) {
      const refused = await trade(t, customer, order);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'PRICE_STALE',
        message: 'Trading in XRP is paused: its price is out of date. Try again shortly.',
        details: { symbol: 'XRP' },
      });
    }
    // A swap out of it and a swap into it alike.
    for (const body of [
      { from: 'XRP', to: 'ADA', quantity: '5' },
      { from: 'ADA', to: 'XRP', quantity: '10' },
    ]) {
      const refused = await swap(t, customer, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'PRICE_STALE',
        details: { symbol: 'XRP' },
      });
    }
    expect(await cashOf(t, customer.userId)).toBe(cash);
    expect((await positionOf(t, customer.userId, 'XRP'))?.quantity).toBe('10.00000000');

    // The feed names XRP again, at the same price: no new row, but trading opens.
    await poll([{ symbol: 'XRP', buy: '3', sell: '2.98' }]);
    expect(await priceOf('XRP')).toMatchObject({ halted: false });
    expect((await status()).halted).not.toContain('XRP');
    const sold = await trade(t, customer, {
      side: 'sell',
      asset: 'XRP',
      quantity: '1',
      price: '2.98',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const swapped = await swap(t, customer, { from: 'XRP', to: 'ADA', quantity: '5' });
    expect(swapped.statusCode, swapped.body).toBe(201);
  });

  it('halts what it priced once the feed itself stops answering', async () => {
    await poll([{ symbol: 'AVAX', buy: '22' }]);
    feed.reply({ status: 502, body: 'bad gateway' });
    for (let polls = 0; polls * intervalSeconds <= staleAfterSeconds; polls += 1) await poll();
    expect(await priceOf('AVAX')).toMatchObject({ halted: true });
    const refused = await trade(t, customer, { side: 'buy', asset: 'AVAX', total: '100.00' });
    expect(refused.json().error).toMatchObject({ code: 'PRICE_STALE' });
    expect((await status()).lastError).toBe('the feed answered HTTP 502');
  });
});

describe('with no feed', () => {
  it('halts nothing, and says so to staff', async () => {
    const plain = await createTestApp({ clock });
    try {
      const res = await call(plain, 'GET', '/prices');
      const prices = priceBookSchema.parse(res.json()).prices;
      expect(prices.every((price) => !price.halted)).toBe(true);
      const none = await readFeedStatus(
        plain.ctx.database,
        plain.ctx.config.priceFeed,
        clock.now(),
      );
      expect(none).toEqual({
        configured: false,
        source: null,
        intervalSeconds: 10,
        staleAfterSeconds: 120,
        lastPolledAt: null,
        lastSuccessAt: null,
        lastError: null,
        halted: [],
      });
      expect(
        await pollPriceFeed(plain.ctx.database, plain.ctx.config.priceFeed, clock.now(), logger),
      ).toEqual({ kind: 'not-due' });
    } finally {
      await plain.close();
    }
  });
});
