import { describe, expect, it } from 'vitest';
import { formatMetalListPrice, formatPercentChange } from './price-text';

// Arabic figures are isolated; compare what is seen.
const visible = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

describe('formatPercentChange', () => {
  it.each([
    ['1.25', '+1.25%'],
    ['-0.5', '-0.50%'],
    ['0.00', '0.00%'],
    ['12.345', '+12.35%'],
  ])('writes %s as %s', (change, text) => {
    expect(formatPercentChange(change, { language: 'en' })).toBe(text);
  });

  it('keeps Latin digits and the sign before the figure in Arabic, without direction marks', () => {
    expect(formatPercentChange('1.25', { language: 'ar' })).toBe('+1.25%');
    expect(formatPercentChange('-1.25', { language: 'ar', isSigned: false })).toBe('1.25%');
  });
});

describe('formatMetalListPrice', () => {
  it("keeps SPEC §9's decimals and shows every decimal a book price has", () => {
    expect(visible(formatMetalListPrice('0.057'))).toBe('$0.057');
    expect(visible(formatMetalListPrice('0.00084'))).toBe('$0.00084');
    expect(visible(formatMetalListPrice('0.0575'))).toBe('$0.0575');
    expect(visible(formatMetalListPrice('0.05712345'))).toBe('$0.05712345');
  });
});
