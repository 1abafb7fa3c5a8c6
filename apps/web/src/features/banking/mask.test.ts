import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask';

describe('maskAccount', () => {
  it('shows only the last four characters', () => {
    expect(maskAccount('DE89 3704 0044 0532 0130 00')).toBe('•••• 3000');
    expect(maskAccount('12345678')).toBe('•••• 5678');
  });

  it('leaves a short value as it is', () => {
    expect(maskAccount('123')).toBe('123');
  });
});
