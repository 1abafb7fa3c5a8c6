import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

// Arabic dates carry bidirectional marks and no-break spaces; compare the text.
const visible = (text: string) =>
  text.replace(/[\u200e\u200f\u061c\u2066\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('formatDate', () => {
  it('formats for the language with Latin digits', () => {
    expect(formatDate('2026-01-05T12:00:00.000Z', 'en')).toBe('Jan 5, 2026');
    expect(visible(formatDate('2026-01-05T12:00:00.000Z', 'ar'))).toMatch(/2026/);
    expect(visible(formatDate('2026-01-05T12:00:00.000Z', 'ar'))).not.toMatch(/[٠-٩]/);
  });
});
