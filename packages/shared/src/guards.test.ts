// The run-time checks that stand in for type assertions: each says yes only for what it names.
import { describe, expect, it } from 'vitest';
import { isOneOf } from './guards.ts';

describe('isOneOf', () => {
  const statuses = ['pending', 'approved', 'rejected'] as const;

  it('knows the list’s items', () => {
    for (const status of statuses) expect(isOneOf(statuses, status)).toBe(true);
  });

  it.each([['Pending'], [''], ['pending '], [undefined], [null], [0], [['pending']]])(
    'refuses %o',
    (value) => {
      expect(isOneOf(statuses, value)).toBe(false);
    },
  );

  it('narrows what it accepts to the list’s type', () => {
    const chosen: string = 'approved';
    const status: (typeof statuses)[number] | null = isOneOf(statuses, chosen) ? chosen : null;
    expect(status).toBe('approved');
  });

  it('compares numbers too, NaN included', () => {
    expect(isOneOf([1, 2, Number.NaN], Number.NaN)).toBe(true);
    expect(isOneOf([1, 2], '1')).toBe(false);
  });
});
