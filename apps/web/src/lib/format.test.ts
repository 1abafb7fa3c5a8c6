import { describe, expect, it } from 'vitest';
import { formatDate, formatTimeAgo } from './format';

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

describe('formatTimeAgo', () => {
  it('says how long ago in the largest whole unit, in the language', () => {
    expect(formatTimeAgo(0, 'en')).toBe('now');
    expect(formatTimeAgo(12.7, 'en')).toBe('12 seconds ago');
    expect(formatTimeAgo(185, 'en')).toBe('3 minutes ago');
    expect(formatTimeAgo(2 * 3600, 'en')).toBe('2 hours ago');
    expect(formatTimeAgo(3 * 24 * 3600, 'en')).toBe('3 days ago');
    expect(visible(formatTimeAgo(12, 'ar'))).toBe('قبل 12 ثانية');
  });

  it('never says a time to come, when clocks disagree', () => {
    expect(formatTimeAgo(-5, 'en')).toBe('now');
  });
});
