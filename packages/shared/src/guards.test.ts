// The run-time checks that stand in for type assertions: each says yes only for what it names.
import { describe, expect, it } from 'vitest';
import { fieldOf, isNonEmpty, isOneOf } from './guards.ts';

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

describe('isNonEmpty', () => {
  it('says yes for a list with an item, and narrows it to one with a first', () => {
    const rows: { id: number }[] = [{ id: 1 }, { id: 2 }];
    const first: { id: number } | null = isNonEmpty(rows) ? rows[0] : null;
    expect(first).toEqual({ id: 1 });
    expect(isNonEmpty([undefined])).toBe(true);
  });

  it('says no for an empty list', () => {
    expect(isNonEmpty([])).toBe(false);
  });
});

describe('fieldOf', () => {
  it('reads a field an object has', () => {
    expect(fieldOf({ from: '/vault' }, 'from')).toBe('/vault');
    expect(fieldOf({ code: 0 }, 'code')).toBe(0);
  });

  it('reads a field an Error has, its own or its class’s', () => {
    const error = Object.assign(new Error('no'), { code: 'ENOENT' });
    expect(fieldOf(error, 'code')).toBe('ENOENT');
    expect(fieldOf(error, 'message')).toBe('no');
  });

  it.each([[null], [undefined], ['text'], [42], [true]])('finds nothing in %o', (value) => {
    expect(fieldOf(value, 'from')).toBeUndefined();
  });

  it('finds nothing an object lacks', () => {
    expect(fieldOf({}, 'from')).toBeUndefined();
    expect(fieldOf([], 'from')).toBeUndefined();
  });
});
