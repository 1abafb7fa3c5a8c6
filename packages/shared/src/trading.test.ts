import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assets, findAsset, quantityDecimals } from './catalogue.ts';
import { centsDown, centsUp, dec, isWholeCents } from './money.ts';
import { minimumQuantity, openingQuantity, quote, quoteSwap } from './trading.ts';

const asset = (symbol: string) => {
  const found = findAsset(symbol);
  if (!found) throw new Error(symbol);
  return found;
};

describe('quote by quantity', () => {
  it.each([
    ['AU', '1', '0.05700000'],
    ['AU', '1000', '57.00000000'],
    ['AU', '0.001', 'BELOW_MINIMUM'],
    ['AG', '12.5', '0.01050000'],
    ['RE', '3.333', 'BELOW_MINIMUM'],
    ['RH', '0.016', '0.01008000'],
    ['BTC', '0.00000001', 'BELOW_MINIMUM'],
    ['BTC', '0.00001', '1.15000000'],
    ['BTC', '1.23456789', '141975.30735000'],
    ['SHIB', '1000', '0.01200000'],
    ['SHIB', '123456789.12', '1481.48146944'],
    ['XLM', '0.1', '0.01000000'],
    ['VET', '7', '0.16100000'],
    ['AVAX', '2.5', '54.85000000'],
  ])(
    '%s × %s = %s, paid in whole cents rounded up and received rounded down',
    (symbol, quantity, expected) => {
      const bought = quote(asset(symbol), { quantity }, 'buy');
      const sold = quote(asset(symbol), { quantity }, 'sell');
      if (expected === 'BELOW_MINIMUM') {
        expect(bought).toEqual({ ok: false, error: 'BELOW_MINIMUM' });
        expect(sold).toEqual({ ok: false, error: 'BELOW_MINIMUM' });
        return;
      }
      expect(bought).toMatchObject({
        ok: true,
        quote: { value: expected, total: centsUp(expected).toFixed(8) },
      });
      expect(sold).toMatchObject({
        ok: true,
        quote: { value: expected, total: centsDown(expected).toFixed(8) },
      });
    },
  );

  it('rounds a payment up and a receipt down, to the next cent only', () => {
    // 12.5 mg of silver is worth $0.0105: a buyer pays $0.02, a seller receives $0.01.
    expect(quote(asset('AG'), { quantity: '12.5' }, 'buy')).toMatchObject({
      ok: true,
      quote: { value: '0.01050000', total: '0.02000000' },
    });
    expect(quote(asset('AG'), { quantity: '12.5' }, 'sell')).toMatchObject({
      ok: true,
      quote: { value: '0.01050000', total: '0.01000000' },
    });
  });

  it.each(['0', '-1', 'abc', '1e3', '1.1234', '', ' 1', '1.', '10000000000000'])(
    'refuses %j mg of gold',
    (quantity) => {
      const result = quote(asset('AU'), { quantity }, 'buy');
      expect(result.ok).toBe(false);
    },
  );

  it('allows only as many decimals as keep the value exact at 8 decimals', () => {
    expect(quote(asset('BTC'), { quantity: '0.12345678' }, 'buy').ok).toBe(true);
    expect(quote(asset('SHIB'), { quantity: '1000.123' }, 'buy')).toEqual({
      ok: false,
      error: 'QUANTITY_INVALID',
    });
    expect(quantityDecimals(asset('SHIB'))).toBe(2);
    expect(quantityDecimals(asset('AG'))).toBe(3);
    expect(quantityDecimals(asset('XRP'))).toBe(6);
  });
});

describe('quote by amount', () => {
  it.each([
    ['AU', '100', '1754.38500000', '99.99994500'],
    ['BTC', '100', '0.00086956', '99.99940000'],
    ['ETH', '3650', '1.00000000', '3650.00000000'],
    ['SHIB', '0.01', '833.33', 'BELOW'],
    ['AG', '1', '1190.47600000', '0.99999984'],
    ['DOGE', '10', '48.78048000', '9.99999840'],
  ])(
    '%s for $%s buys %s worth %s, and costs exactly the amount',
    (symbol, total, quantity, value) => {
      const result = quote(asset(symbol), { total }, 'buy');
      if (value === 'BELOW') {
        expect(result).toEqual({ ok: false, error: 'BELOW_MINIMUM' });
        return;
      }
      expect(result).toEqual({
        ok: true,
        quote: { quantity, price: asset(symbol).price, value, total: dec(total).toFixed(8) },
      });
    },
  );

  it('sells enough to raise the amount asked for', () => {
    // 10 ÷ 0.205 = 48.7804878…: 48.78049 DOGE, worth $10.00000045, pays $10.00.
    expect(quote(asset('DOGE'), { total: '10' }, 'sell')).toEqual({
      ok: true,
      quote: {
        quantity: '48.78049000',
        price: '0.205',
        value: '10.00000045',
        total: '10.00000000',
      },
    });
  });

  it('refuses more than 2 decimals of USD', () => {
    expect(quote(asset('AU'), { total: '1.001' }, 'buy')).toEqual({
      ok: false,
      error: 'TOTAL_INVALID',
    });
  });
});

describe('whole cents (DESIGN §2)', () => {
  const anyAsset = fc.constantFrom(...assets);
  const cents = fc.integer({ min: 1, max: 100_000_000 });
  const stepValue = (a: (typeof assets)[number]) =>
    dec(a.price).times(dec(10).pow(-quantityDecimals(a)));

  it('a buy by amount pays exactly the amount for quantity × price, short by under one step', () => {
    fc.assert(
      fc.property(anyAsset, cents, (a, c) => {
        const total = (c / 100).toFixed(2);
        const result = quote(a, { total }, 'buy');
        if (!result.ok) return result.error === 'BELOW_MINIMUM';
        const { quantity, value } = result.quote;
        return (
          dec(result.quote.total).equals(total) &&
          dec(value).equals(dec(quantity).times(a.price)) &&
          dec(value).lessThanOrEqualTo(total) &&
          dec(value).greaterThan(dec(total).minus(stepValue(a)))
        );
      }),
    );
  });

  it('a buy by quantity pays the value rounded up, a sale receives it rounded down, by under a cent', () => {
    fc.assert(
      fc.property(anyAsset, cents, fc.integer({ min: 0, max: 999 }), (a, c, extra) => {
        const places = quantityDecimals(a);
        const quantity = dec(c)
          .dividedBy(100)
          .dividedBy(a.price)
          .toDecimalPlaces(places)
          .plus(dec(extra).times(dec(10).pow(-places)))
          .toFixed(places);
        const bought = quote(a, { quantity }, 'buy');
        const sold = quote(a, { quantity }, 'sell');
        if (!bought.ok || !sold.ok) return !bought.ok && !sold.ok;
        const value = dec(bought.quote.value);
        const paid = dec(bought.quote.total);
        const received = dec(sold.quote.total);
        return (
          value.equals(dec(quantity).times(a.price)) &&
          isWholeCents(paid) &&
          isWholeCents(received) &&
          paid.greaterThanOrEqualTo(value) &&
          paid.minus(value).lessThan('0.01') &&
          received.lessThanOrEqualTo(value) &&
          value.minus(received).lessThan('0.01')
        );
      }),
    );
  });

  it('a sale by amount receives exactly the amount', () => {
    fc.assert(
      fc.property(anyAsset, cents, (a, c) => {
        const total = (c / 100).toFixed(2);
        const result = quote(a, { total }, 'sell');
        if (!result.ok) return result.error === 'BELOW_MINIMUM';
        return dec(result.quote.total).equals(total);
      }),
    );
  });

  it('a swap conserves value: what leaves = what arrives + cash back + under two cents', () => {
    fc.assert(
      fc.property(anyAsset, anyAsset, cents, (from, to, c) => {
        fc.pre(from.symbol !== to.symbol);
        const quantity = dec(c)
          .dividedBy(100)
          .dividedBy(from.price)
          .toDecimalPlaces(quantityDecimals(from))
          .toFixed(quantityDecimals(from));
        const result = quoteSwap(from, to, quantity);
        if (!result.ok)
          return result.error === 'BELOW_MINIMUM' || result.error === 'QUANTITY_INVALID';
        const { swap } = result;
        const rounding = dec(swap.from.value).minus(swap.to.value).minus(swap.cashBack);
        return (
          isWholeCents(swap.cashBack) &&
          isWholeCents(swap.from.proceeds) &&
          !dec(swap.cashBack).isNegative() &&
          !rounding.isNegative() &&
          rounding.lessThan('0.02') &&
          dec(swap.to.value).equals(dec(swap.to.quantity).times(to.price))
        );
      }),
    );
  });
});

describe('the smallest order', () => {
  it.each([
    ['AG', '11.905', '100'],
    ['RE', '4.167', '10'],
    ['AU', '0.176', '1'],
    ['RH', '0.016', '1'],
  ])('%s: the minimum is %s mg and the calculator opens at %s mg', (symbol, minimum, opening) => {
    expect(minimumQuantity(asset(symbol))).toBe(minimum);
    expect(openingQuantity(asset(symbol))).toBe(opening);
  });

  it('can buy and sell the minimum and the opening quantity of every asset, and not a step less', () => {
    for (const item of assets) {
      for (const quantity of [minimumQuantity(item), openingQuantity(item)]) {
        expect(quote(item, { quantity }, 'buy').ok, `${item.symbol} ${quantity}`).toBe(true);
        expect(quote(item, { quantity }, 'sell').ok, `${item.symbol} ${quantity}`).toBe(true);
      }
      const step = dec(1).dividedBy(dec(10).pow(quantityDecimals(item)));
      const less = dec(minimumQuantity(item)).minus(step);
      if (less.greaterThan(0)) {
        expect(quote(item, { quantity: less.toFixed() }, 'buy')).toEqual({
          ok: false,
          error: 'BELOW_MINIMUM',
        });
      }
    }
  });
});
