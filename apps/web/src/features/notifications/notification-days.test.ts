import { describe, expect, it } from 'vitest';
import { notice } from '@/test/notification-test-data';
import { groupByDay } from './notification-days';

describe('groupByDay', () => {
  const now = new Date(2026, 10, 30, 9, 30);

  it('puts today, yesterday and each earlier day under its own heading, newest first', () => {
    const items = [
      notice([2026, 11, 30, 8]),
      notice([2026, 11, 30, 0, 5]),
      notice([2026, 11, 29, 23, 59]),
      notice([2026, 11, 27, 12]),
      notice([2026, 11, 26, 12]),
    ];
    const days = groupByDay(items, now);
    expect(days.map((day) => [day.key, day.label.kind, day.items.length])).toEqual([
      ['2026-11-30', 'today', 2],
      ['2026-11-29', 'yesterday', 1],
      ['2026-11-27', 'date', 1],
      ['2026-11-26', 'date', 1],
    ]);
    expect(days[2]!.label).toEqual({ kind: 'date', date: new Date(items[3]!.createdAt) });
  });

  it('knows yesterday across a month and a year', () => {
    const newYear = new Date(2027, 0, 1, 0, 1);
    const days = groupByDay([notice([2026, 12, 31, 23])], newYear);
    expect(days[0]!.label.kind).toBe('yesterday');
  });

  it('keeps the notices of one day in one group, and makes no day of nothing', () => {
    const first = groupByDay([notice([2026, 11, 28, 10]), notice([2026, 11, 28, 9])], now);
    expect(first).toHaveLength(1);
    expect(groupByDay([], now)).toEqual([]);
  });
});
