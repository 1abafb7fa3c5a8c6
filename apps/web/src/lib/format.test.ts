import { describe, expect, it } from 'vitest';
import { formatDate, formatQuantity, formatUsd } from './format';

// Arabic amounts are left-to-right isolates with a no-break space; compare the text.
const visible = (text: string) =>
  text.replace(/[\u200e\u200f\u061c\u2066\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('formatUsd', () => {
  it.each([
    ['0', '$0.00'],
    ['1234.5', '$1,234.50'],
    ['-1234.5', '-$1,234.50'],
    ['1000000', '$1,000,000.00'],
    ['0.125', '$0.13'],
    ['-0.125', '-$0.13'],
    ['0.30000000', '$0.30'],
    ['-0.001', '$0.00'],
    // Beyond what a double holds exactly: the string is formatted digit for digit.
    ['12345678901234567.89', '$12,345,678,901,234,567.89'],
    ['9007199254740993.01', '$9,007,199,254,740,993.01'],
    ['0.00000001', '$0.00'],
    ['1.99999999', '$2.00'],
  ])('en: %s → %s', (value, expected) => {
    expect(formatUsd(value, { language: 'en' })).toBe(expected);
  });

  it.each([
    ['1234.5', '1,234.50 US$'],
    ['-1234.5', '-1,234.50 US$'],
    ['12345678901234567.89', '12,345,678,901,234,567.89 US$'],
  ])('ar (Latin digits): %s → %s', (value, expected) => {
    expect(visible(formatUsd(value, { language: 'ar' }))).toBe(expected);
  });

  it('puts "US$" after the figure in Arabic wherever it stands: one left-to-right isolate', () => {
    // Intl's own marks would let right-to-left text around it show "US$ 5.00" or "5.00-".
    expect(formatUsd('-5', { language: 'ar' })).toBe('\u2066-5.00\u00a0US$\u2069');
    expect(formatUsd('5', { language: 'en' })).toBe('$5.00');
  });

  it('shows more decimals when asked, and a plus on credits', () => {
    expect(formatUsd('0.057', { minimum: 6, language: 'en' })).toBe('$0.057000');
    expect(formatUsd('99.99994500', { maximum: 8, language: 'en' })).toBe('$99.999945');
    expect(formatUsd('0.00084', { minimum: 5, language: 'en' })).toBe('$0.00084');
    expect(formatUsd('12.5', { sign: 'exceptZero', language: 'en' })).toBe('+$12.50');
    expect(formatUsd('-12.5', { sign: 'exceptZero', language: 'en' })).toBe('-$12.50');
    expect(visible(formatUsd('12.5', { sign: 'exceptZero', language: 'ar' }))).toBe('+12.50 US$');
  });

  it('shows a sum of stored amounts without float drift', () => {
    // 0.1 + 0.2 in a double is 0.30000000000000004; the server sends the exact sum as a string.
    expect(formatUsd('0.30000000', { language: 'en' })).toBe('$0.30');
    expect(formatUsd('1000000000000000.1', { language: 'en' })).toBe('$1,000,000,000,000,000.10');
  });
});

describe('formatQuantity', () => {
  it('keeps the given decimals', () => {
    expect(formatQuantity('1.5', 3, 'en')).toBe('1.500');
    expect(formatQuantity('1234.12345678', 8, 'en')).toBe('1,234.12345678');
    expect(formatQuantity('0.123456789', 8, 'en')).toBe('0.12345679');
    expect(visible(formatQuantity('2500', 0, 'ar'))).toBe('2,500');
  });
});

describe('formatDate', () => {
  it('formats for the language with Latin digits', () => {
    expect(formatDate('2026-01-05T12:00:00.000Z', 'en')).toBe('Jan 5, 2026');
    expect(visible(formatDate('2026-01-05T12:00:00.000Z', 'ar'))).toMatch(/2026/);
    expect(visible(formatDate('2026-01-05T12:00:00.000Z', 'ar'))).not.toMatch(/[٠-٩]/);
  });
});
