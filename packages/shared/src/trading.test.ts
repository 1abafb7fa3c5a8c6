import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assets, findAsset, quantityDecimals } from './catalogue.ts';
import { dec } from './money.ts';
import { quote } from './trading.ts';

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
  ])('%s × %s = %s', (symbol, quantity, expected) => {
    const result = quote(asset(symbol), { quantity });
    if (expected === 'BELOW_MINIMUM') expect(result).toEqual({ ok: false, error: 'BELOW_MINIMUM' });
    else expect(result).toMatchObject({ ok: true, quote: { total: expected } });
  });

  it.each(['0', '-1', 'abc', '1e3', '1.1234', '', ' 1', '1.', '10000000000000'])(
    'refuses %j mg of gold',
    (quantity) => {
      const result = quote(asset('AU'), { quantity });
      expect(result.ok).toBe(false);
    },
  );

  it('allows only as many decimals as keep the value exact at 8 decimals', () => {
    expect(quote(asset('BTC'), { quantity: '0.12345678' }).ok).toBe(true);
    expect(quote(asset('SHIB'), { quantity: '1000.123' })).toEqual({
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
  ])('%s for $%s buys %s costing %s', (symbol, total, quantity, charged) => {
    const result = quote(asset(symbol), { total });
    if (charged === 'BELOW') {
      expect(result).toEqual({ ok: false, error: 'BELOW_MINIMUM' });
      return;
    }
    expect(result).toEqual({
      ok: true,
      quote: { quantity, price: asset(symbol).price, total: charged },
    });
  });

  it('refuses more than 2 decimals of USD', () => {
    expect(quote(asset('AU'), { total: '1.001' })).toEqual({ ok: false, error: 'TOTAL_INVALID' });
  });

  it('charges quantity × price exactly, never more than the amount and less only by under one quantity step', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...assets),
        fc.integer({ min: 1, max: 100_000_000 }),
        (a, cents) => {
          const total = (cents / 100).toFixed(2);
          const result = quote(a, { total });
          if (!result.ok) return result.error === 'BELOW_MINIMUM';
          const charged = dec(result.quote.total);
          // exact: charged = quantity × price, and amount − price×1e-8 < charged ≤ amount
          return (
            charged.equals(dec(result.quote.quantity).times(a.price)) &&
            charged.lessThanOrEqualTo(total) &&
            charged.greaterThan(
              dec(total).minus(dec(a.price).times(dec(10).pow(-quantityDecimals(a)))),
            ) &&
            dec(result.quote.total).decimalPlaces() <= 8
          );
        },
      ),
    );
  });
});
