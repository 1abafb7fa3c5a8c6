// The demo's price history: a year of every asset's book, bounded within ±10% of its listed
// price, oldest first, ending at the listed price now — so the book the demo opens with is still
// SPEC §9's, and its charts have a year to draw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { priceBookSchema, priceHistorySchema } from '@secure-vault/shared/prices';
import { call } from '../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { seedPriceHistory } from './seed-prices.ts';

const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('the demo price history', () => {
  it('walks every asset for a year within ±10% of its price, ending at the listed price', async () => {
    // The walk's extremes: every step as far up as it may go.
    const written = await seedPriceHistory(t.ctx.database, clock.now(), () => 0.999999);
    // Daily to a week ago, hourly to a day ago, then every five minutes, and now.
    expect(written).toBe(assets.length * (358 + 144 + 288 + 1));
    const book = priceBookSchema.parse((await call(t, 'GET', '/prices')).json());
    for (const asset of assets) {
      const price = book.prices.find((p) => p.symbol === asset.symbol);
      expect(price?.sell).toBe(asset.price);
      expect(price?.effectiveAt).toBe(clock.now().toISOString());
    }
    const year = priceHistorySchema.parse(
      (await call(t, 'GET', '/prices/AU/history?range=1y')).json(),
    );
    expect(year.points.length).toBeGreaterThan(300);
    for (const point of year.points) {
      expect(dec(point.sell).gte('0.0513')).toBe(true);
      expect(dec(point.sell).lte('0.0627')).toBe(true);
    }
    // Walked back from the listed price, each step up the way back: the past is at the upper bound.
    expect(year.points[0]?.sell).toBe('0.0627');
    const times = year.points.map((point) => Date.parse(point.at));
    expect(times.every((time, i) => i === 0 || time > (times[i - 1] ?? 0))).toBe(true);
  });
});
