import fc from 'fast-check';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import {
  decimalsOf,
  displayDecimals,
  formatAssetQuantity,
  formatExactUsd,
  formatQuantity,
  formatUsd,
  intlFigure,
  isPositiveAmount,
  ltrIsolate,
  normalizeDecimal,
  quantityStep,
} from './money';

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

describe('isPositiveAmount', () => {
  it.each([
    ['0', false],
    ['0.00', false],
    ['-0.00', false],
    ['-25.50', false],
    [' 0.01 ', true],
    ['+12', true],
    ['100000000000000000000.00', true],
    ['0.00000001', true],
  ])('%s → %s', (value, isPositive) => {
    expect(isPositiveAmount(value)).toBe(isPositive);
  });

  it('rejects what is not a plain decimal', () => {
    expect(isPositiveAmount('')).toBe(false);
    expect(isPositiveAmount('abc')).toBe(false);
    expect(isPositiveAmount('1e5')).toBe(false);
  });
});

describe('quantities', () => {
  it('keeps the decimals a quantity really has', () => {
    expect(normalizeDecimal('1.50000000')).toBe('1.5');
    expect(normalizeDecimal('100')).toBe('100');
    expect(normalizeDecimal('100.00000000')).toBe('100');
    expect(normalizeDecimal('0.00012000')).toBe('0.00012');
    expect(decimalsOf('0.00012')).toBe(5);
    expect(decimalsOf('42')).toBe(0);
  });
});

describe('normalizeDecimal', () => {
  // One function for what was typed into an input and for what the server stored.
  it.each([
    ['1.2500', '1.25'],
    ['3.', '3'],
    ['100', '100'],
    ['1.50000000', '1.5'],
    ['1e5', '100000'],
    ['1.5e-3', '0.0015'],
    [' 7 ', '7'],
    ['', ''],
    ['-2.500', '-2.5'],
  ])('%j → %j', (text, expected) => {
    expect(normalizeDecimal(text)).toBe(expected);
  });

  it('keeps a stored amount exactly and leaves it no trailing zero', () => {
    const stored = fc
      .tuple(fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^\d{0,8}$/))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole));
    fc.assert(
      fc.property(stored, (value) => {
        const trimmed = normalizeDecimal(value);
        expect(dec(trimmed).equals(dec(value))).toBe(true);
        expect(trimmed).not.toMatch(/\.$|\.\d*0$/);
      }),
    );
  });
});

describe('formatExactUsd', () => {
  it('shows the cents and every further decimal up to 8', () => {
    expect(formatExactUsd('115000', 'en')).toBe('$115,000.00');
    expect(formatExactUsd('0.000012', 'en')).toBe('$0.000012');
    expect(formatExactUsd('99.99994500', 'en')).toBe('$99.999945');
  });
});

describe('asset quantities', () => {
  const gold = findAsset('AU')!;
  const bitcoin = findAsset('BTC')!;
  const shiba = findAsset('SHIB')!;
  const t = ((key: string) => (key === 'catalogue:units.mg' ? 'mg' : key)) as unknown as TFunction;

  it('shows milligrams with 3 decimals and crypto units with 8, with the unit', () => {
    expect(displayDecimals(gold)).toBe(3);
    expect(displayDecimals(bitcoin)).toBe(8);
    expect(formatAssetQuantity(t, gold, '1754.385')).toBe('1,754.385 mg');
    expect(formatAssetQuantity(t, bitcoin, '0.00086956')).toBe('0.00086956 BTC');
    expect(formatAssetQuantity(t, gold, '2.5', { sign: true })).toBe('+2.500 mg');
    expect(formatAssetQuantity(t, gold, '-2.5', { sign: true })).toBe('-2.500 mg');
  });

  it("shows a crypto quantity with the asset's own decimals, as stored or trimmed", () => {
    // SHIB is held to the cent of a unit: the same figure from the API's 8 decimals or trimmed.
    expect(displayDecimals(shiba)).toBe(2);
    expect(formatAssetQuantity(t, shiba, '1028333.33000000')).toBe('1,028,333.33 SHIB');
    expect(formatAssetQuantity(t, shiba, '1028333.33')).toBe('1,028,333.33 SHIB');
    expect(formatAssetQuantity(t, shiba, '5', { sign: true })).toBe('+5.00 SHIB');
    expect(formatAssetQuantity(t, bitcoin, '0.50000000')).toBe('0.50000000 BTC');
    // More decimals than the asset's precision are never hidden.
    expect(formatAssetQuantity(t, shiba, '1.125')).toBe('1.125 SHIB');
    expect(formatAssetQuantity(t, shiba, '1028333.33', { language: 'ar' })).toBe(
      '\u20661,028,333.33\u2069 SHIB',
    );
  });

  it('steps an input by the smallest quantity the asset allows', () => {
    expect(quantityStep(gold)).toBe('0.001');
    expect(quantityStep(bitcoin)).toBe('0.00000001');
    expect(quantityStep(shiba)).toBe('0.01');
  });

  it('keeps a figure left-to-right inside Arabic text only', () => {
    expect(ltrIsolate('-5.70 US$', 'ar')).toBe('\u2066-5.70 US$\u2069');
    expect(ltrIsolate('-5.70 US$', 'en')).toBe('-5.70 US$');
  });
});

describe('intlFigure', () => {
  it.each([
    ['1234.5'],
    ['-0.01'],
    ['+7'],
    ['.5'],
    ['3.'],
    ['0.123456789012345678901234567890'],
    ['1e-8'],
    ['2.5E+3'],
  ])('hands Intl the plain decimal %s as it is, to be formatted exactly', (value) => {
    expect(intlFigure(value)).toBe(value);
  });

  it.each([
    ['', 0],
    [' 12 ', 12],
    ['0x10', 16],
    ['Infinity', Infinity],
    ['1,000', Number.NaN],
    ['12abc', Number.NaN],
    ['-', Number.NaN],
    ['.', Number.NaN],
  ])('reads %o, which is no plain decimal, as Number does: %d', (value, expected) => {
    expect(intlFigure(value)).toBe(expected);
  });

  it('formats any text as Intl formatted the text itself', () => {
    const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
    const texts = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[+-]?\d{0,25}(\.\d{0,25})?(e[+-]?\d{1,3})?$/),
    );
    fc.assert(
      fc.property(texts, (text) => {
        // The text as the compiler would not let it through: Intl reads any string.
        const direct = format.format(text as Intl.StringNumericLiteral);
        expect(format.format(intlFigure(text))).toBe(direct);
      }),
    );
  });
});
