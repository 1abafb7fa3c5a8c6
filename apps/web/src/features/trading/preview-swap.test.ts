import { describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { previewSwap, swapFormSchema, swapProblemOf } from './preview-swap';

const gold = findAsset('AU')!;
const bitcoin = findAsset('BTC')!;
const silver = findAsset('AG')!;

describe('previewSwap', () => {
  it('sells at whole cents and buys the target with them, rounded down to its step', () => {
    const preview = previewSwap(gold, bitcoin, '1000', '1754.385');
    // $57.00 buys 0.00049565 BTC ($56.99975), which costs $57.00: no whole cent comes back.
    expect(preview).toEqual({
      status: 'ok',
      quantity: '1000',
      give: { quantity: '1000.00000000', price: '0.057', value: '57.00000000' },
      receive: { quantity: '0.00049565', price: '115000', value: '56.99975000' },
      cashRemainder: '0.00000000',
    });
    if (preview.status === 'ok') {
      const rounding = dec(preview.give.value).minus(preview.receive.value);
      expect(rounding.lessThan('0.01')).toBe(true);
    }
  });

  it('swaps a metal into another metal; what is under a cent is not shown as cash', () => {
    // 1 mg of gold is $0.057, sold for $0.05, which buys 59.523 mg of silver.
    expect(previewSwap(gold, silver, '1', '5')).toMatchObject({
      status: 'ok',
      give: { value: '0.05000000' },
      receive: { quantity: '59.52300000' },
      cashRemainder: '0.00000000',
    });
  });

  it('refuses more than is held, nothing, too little and the same asset', () => {
    expect(previewSwap(gold, bitcoin, '', '5')).toEqual({ status: 'empty' });
    expect(previewSwap(gold, bitcoin, '6', '5')).toEqual({
      status: 'invalid',
      problem: 'INSUFFICIENT_HOLDING',
    });
    expect(previewSwap(gold, bitcoin, '0', '5')).toEqual({
      status: 'invalid',
      problem: 'QUANTITY_INVALID',
    });
    expect(previewSwap(gold, bitcoin, '0.1', '5')).toEqual({
      status: 'invalid',
      problem: 'BELOW_MINIMUM',
    });
    expect(previewSwap(gold, gold, '1', '5')).toEqual({ status: 'invalid', problem: 'SAME_ASSET' });
  });
});

describe('the problem under the swap quantity', () => {
  const messageOf = (quantity: string, to = 'BTC') => {
    const parsed = swapFormSchema(() => '5').safeParse({ from: 'AU', to, quantity });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('reads the problem the form schema put on the quantity', () => {
    expect(swapProblemOf(messageOf('6'))).toBe('INSUFFICIENT_HOLDING');
    expect(swapProblemOf(messageOf('1', 'AU'))).toBe('SAME_ASSET');
  });

  it('shows nothing for an empty quantity, no error or a message it does not know', () => {
    expect(messageOf('')).toBe('EMPTY');
    expect(swapProblemOf('EMPTY')).toBeNull();
    expect(swapProblemOf(undefined)).toBeNull();
    expect(swapProblemOf('trading:swap.failed')).toBeNull();
  });
});
