import { describe, expect, it } from 'vitest';
import { isBookBalancePending } from './amounts';

describe('book balance "Pending approval"', () => {
  it.each([
    ['0', false],
    ['0.00', false],
    ['-0.00', false],
    ['-25.50', false],
    ['0.01', true],
    ['1500.00', true],
    ['100000000000000000000.00', true],
    ['0.00000001', true],
  ])('%s → %s', (balance, isPending) => {
    expect(isBookBalancePending(balance)).toBe(isPending);
  });
});
