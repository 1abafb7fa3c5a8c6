import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './next-run';

describe('the first run of a recurring buy', () => {
  it.each([
    // Wednesday 2 December 2026.
    ['weekly', 3, '2026-12-02T11:59:59.000Z', '2026-12-02T12:00:00.000Z'],
    ['weekly', 3, '2026-12-02T12:00:00.000Z', '2026-12-09T12:00:00.000Z'],
    ['weekly', 1, '2026-12-02T09:00:00.000Z', '2026-12-07T12:00:00.000Z'],
    ['weekly', 7, '2026-12-02T09:00:00.000Z', '2026-12-06T12:00:00.000Z'],
    ['monthly', 2, '2026-12-02T09:00:00.000Z', '2026-12-02T12:00:00.000Z'],
    ['monthly', 2, '2026-12-02T13:00:00.000Z', '2027-01-02T12:00:00.000Z'],
    ['monthly', 31, '2026-12-31T12:30:00.000Z', '2027-01-31T12:00:00.000Z'],
    // A day past a short month's end runs on its last day.
    ['monthly', 31, '2027-02-01T00:00:00.000Z', '2027-02-28T12:00:00.000Z'],
    ['monthly', 30, '2028-02-10T00:00:00.000Z', '2028-02-29T12:00:00.000Z'],
    ['monthly', 31, '2026-11-30T12:00:00.000Z', '2026-12-31T12:00:00.000Z'],
  ] as const)('%s on day %i after %s is %s', (frequency, day, after, expected) => {
    expect(nextRunAfter({ frequency, day }, new Date(after))?.toISOString()).toBe(expected);
  });

  it('has none for a day the frequency does not have', () => {
    const now = new Date('2026-12-02T09:00:00.000Z');
    expect(nextRunAfter({ frequency: 'weekly', day: 8 }, now)).toBeNull();
    expect(nextRunAfter({ frequency: 'monthly', day: 0 }, now)).toBeNull();
    expect(nextRunAfter({ frequency: 'monthly', day: Number.NaN }, now)).toBeNull();
  });
});
