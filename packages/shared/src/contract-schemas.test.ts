import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usdAmount, usdText } from './contract-schemas.ts';

describe('dollar amounts in answers', () => {
  it('are dollars and cents, never cut', () => {
    expect(usdText('7.00000000')).toBe('7.00');
    expect(usdText('-70.38000000')).toBe('-70.38');
    expect(usdText('0')).toBe('0.00');
    expect(usdText('99.99994500')).toBe('99.999945');
  });

  it('are sent that way and read as they come', () => {
    const answer = z.object({ cashBalance: usdAmount });
    expect(z.encode(answer, { cashBalance: '7.00000000' })).toEqual({ cashBalance: '7.00' });
    expect(answer.parse({ cashBalance: '7.00' })).toEqual({ cashBalance: '7.00' });
    expect(answer.safeParse({ cashBalance: 'seven' }).success).toBe(false);
  });
});
