// The feed's documented JSON (decision 029): what is taken, and what refuses the whole answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assets, findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { isBookPrice, type PriceBook } from '@secure-vault/shared/prices';
import { readFeedDocument } from './feed-format.ts';
import { simulatedFeedDocument } from './simulated-feed.ts';

const now = new Date('2026-12-02T17:00:00Z');
const staleAfter = 120;
const read = (document: unknown) => readFeedDocument(document, now, staleAfter);
const at = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000).toISOString();

describe('a feed answer', () => {
  it('is taken whole: every price as the book writes it, vouched for at the feed time', () => {
    expect(
      read({
        at: at(-5),
        prices: [
          { symbol: 'AU', buy: '0.05710', sell: '0.0569' },
          { symbol: 'BTC', buy: '115000', sell: '115000' },
        ],
      }),
    ).toEqual({
      ok: true,
      at: new Date(at(-5)),
      prices: [
        { asset: findAsset('AU'), buy: '0.0571', sell: '0.0569' },
        { asset: findAsset('BTC'), buy: '115000', sell: '115000' },
      ],
    });
  });

  it('a few seconds ahead of our clock counts as now, never later', () => {
    const reading = read({ at: at(10), prices: [{ symbol: 'AU', buy: '0.06', sell: '0.06' }] });
    expect(reading).toMatchObject({ ok: true, at: now });
  });

  it.each([
    ['no prices', { at: at(0), prices: [] }, /prices/],
    [
      'a key the format has not',
      { at: at(0), prices: [], extra: 1 },
      /not in the documented format/,
    ],
    ['no time', { prices: [{ symbol: 'AU', buy: '1', sell: '1' }] }, /at must be an ISO 8601 time/],
    ['a time that is not one', { at: 'yesterday', prices: [] }, /at must be an ISO 8601 time/],
    [
      'a symbol twice',
      {
        at: at(0),
        prices: [
          { symbol: 'AU', buy: '1', sell: '1' },
          { symbol: 'AU', buy: '2', sell: '2' },
        ],
      },
      /AU is given twice/,
    ],
    [
      'a lower-case symbol',
      { at: at(0), prices: [{ symbol: 'au', buy: '1', sell: '1' }] },
      /must be a listed symbol/,
    ],
    ['a zero price', { at: at(0), prices: [{ symbol: 'AU', buy: '0', sell: '0' }] }, /above 0/],
    [
      'a negative price',
      { at: at(0), prices: [{ symbol: 'AU', buy: '-1', sell: '-1' }] },
      /above 0/,
    ],
    [
      'an exponent',
      { at: at(0), prices: [{ symbol: 'AU', buy: '1e3', sell: '1' }] },
      /decimal string/,
    ],
    ['a price field missing', { at: at(0), prices: [{ symbol: 'AU', buy: '1' }] }, /sell/],
    ['an array, not an object', [], /not in the documented format/],
  ])('with %s is refused', (_name, document, error) => {
    const reading = read(document);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.error).toMatch(error);
  });
});

describe('the simulated feed', () => {
  const opening: PriceBook = {
    at: now.toISOString(),
    prices: assets.map((asset) => ({
      symbol: asset.symbol,
      buy: asset.price,
      sell: asset.price,
      effectiveAt: now.toISOString(),
      source: 'opening',
      change24h: null,
      halted: false,
    })),
  };

  it('walks within ±10% of each listed price, buy above sell, always an answer the feed checks take', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 1 }),
        (draws) => {
          let book = opening;
          let next = 0;
          const random = () => draws[next++ % draws.length] ?? 0;
          for (let step = 0; step < 40; step += 1) {
            const reading = read(simulatedFeedDocument(book, now, random));
            if (!reading.ok) throw new Error(reading.error);
            for (const price of reading.prices) {
              const listed = dec(price.asset.price);
              const mid = dec(price.buy).plus(price.sell).dividedBy(2);
              expect(isBookPrice(price.buy) && isBookPrice(price.sell)).toBe(true);
              expect(dec(price.sell).lessThanOrEqualTo(price.buy)).toBe(true);
              expect(mid.minus(listed).abs().lessThanOrEqualTo(listed.times('0.1011'))).toBe(true);
            }
            book = {
              ...book,
              prices: reading.prices.map((price, index) => ({
                ...opening.prices[index]!,
                buy: price.buy,
                sell: price.sell,
              })),
            };
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
