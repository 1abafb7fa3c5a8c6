// The figures of a statement: money and quantities formatted from their decimal strings, exactly.
import { describe, expect, it } from 'vitest';
import { formatQuantity, formatUsd } from './pdf-text.ts';

describe('formatUsd', () => {
  it('formats a decimal string to the cent, half away from zero, beyond what a double holds', () => {
    expect(formatUsd('1234.5', 'en')).toBe('$1,234.50');
    expect(formatUsd('90071992547409931.005', 'en')).toBe('$90,071,992,547,409,931.01');
    expect(formatUsd('-0.005', 'en')).toBe('-$0.01');
  });

  it('signs credits when asked', () => {
    expect(formatUsd('12', 'en', true)).toBe('+$12.00');
  });
});

describe('formatQuantity', () => {
  it('keeps every decimal up to 8, grouped', () => {
    expect(formatQuantity('1754.385', null, 'en')).toBe('1,754.385');
    expect(formatQuantity('12345678901234567.00000001', null, 'en')).toBe(
      '12,345,678,901,234,567.00000001',
    );
  });
});
