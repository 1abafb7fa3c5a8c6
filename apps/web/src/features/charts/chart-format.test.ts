import { describe, expect, it } from 'vitest';
import { findCrypto, findMetal } from '@secure-vault/shared/catalogue';
import {
  formatAssetPrice,
  formatAxisUsd,
  formatTick,
  hasHoursBetween,
  rangeChange,
} from './chart-format';

const hour = 3600 * 1000;
const at = Date.UTC(2026, 0, 5, 14, 30);

describe('chart format', () => {
  it.each([
    ['AU', '0.057', '$0.057'],
    ['AU', '0.00512', '$0.00512'],
    ['AU', '0.05712345', '$0.05712345'],
    ['BTC', '115000', '$115,000.00'],
    ['SHIB', '0.000012', '$0.000012'],
  ])('writes a %s price of %s as the price lists do: %s', (symbol, price, text) => {
    const asset = findMetal(symbol.toLowerCase()) ?? findCrypto(symbol);
    if (!asset) throw new Error(`${symbol} is not listed`);
    expect(formatAssetPrice(asset, price, 'en')).toBe(text);
  });

  it('labels the time axis by how long the points span', () => {
    const label = (span: number) => formatTick(at, span, 'en');
    expect(label(20 * hour)).toMatch(/^\d{1,2}:30/);
    expect(label(7 * 24 * hour)).toMatch(/^\d{1,2} [A-Z][a-z]{2}$|^[A-Z][a-z]{2} \d{1,2}$/);
    expect(label(30 * 24 * hour)).toBe('Jan 5');
    expect(label(400 * 24 * hour)).toBe('Jan 26');
  });

  it('gives a point its time of day when points are hours apart, whatever the range', () => {
    const points = (...times: string[]) => times.map((time) => ({ at: `2026-01-05T${time}Z` }));
    expect(hasHoursBetween(points('00:00:00.000', '06:00:00.000'))).toBe(true);
    expect(
      hasHoursBetween([{ at: '2026-01-05T00:00:00.000Z' }, { at: '2026-01-06T00:00:00.000Z' }]),
    ).toBe(false);
    expect(hasHoursBetween(points('00:00:00.000'))).toBe(false);
  });

  it('keeps an Arabic axis figure left to right, with Latin digits', () => {
    expect(formatAxisUsd(115000, 'en')).toBe('$115K');
    expect(formatAxisUsd(115000, 'ar')).toMatch(/^\u2066.*115.*\u2069$/);
  });

  it.each([
    ['100', '102.5', 'up', '2.50', '2.5'],
    ['100', '97', 'down', '-3.00', '-3'],
    ['0.057', '0.057', 'flat', '0.00', '0'],
    ['0', '250', 'up', null, '250'],
  ])('says how %s to %s moved', (first, last, direction, percent, difference) => {
    expect(rangeChange(first, last)).toEqual({ direction, percent, difference });
  });
});
