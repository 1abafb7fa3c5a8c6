import { describe, expect, it } from 'vitest';
import { formatMetalListPrice } from './price-text';

// Arabic figures are isolated; compare what is seen.
const visible = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

describe('formatMetalListPrice', () => {
  it("keeps SPEC §9's decimals and shows every decimal a book price has", () => {
    expect(visible(formatMetalListPrice('0.057'))).toBe('$0.057');
    expect(visible(formatMetalListPrice('0.00084'))).toBe('$0.00084');
    expect(visible(formatMetalListPrice('0.0575'))).toBe('$0.0575');
    expect(visible(formatMetalListPrice('0.05712345'))).toBe('$0.05712345');
  });
});
