import { describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { previewSwap } from './preview-swap';

const gold = findAsset('AU')!;
const bitcoin = findAsset('BTC')!;
const silver = findAsset('AG')!;

describe('previewSwap', () => {
  it('prices the target rounded down to its step and returns the rest as cash, exactly', () => {
    const preview = previewSwap(gold, bitcoin, '1000', '1754.385');
    expect(preview).toEqual({
      status: 'ok',
      quantity: '1000',
      give: { quantity: '1000.00000000', value: '57.00000000' },
      receive: { quantity: '0.00049565', value: '56.99975000' },
      cashRemainder: '0.00025000',
    });
    if (preview.status === 'ok') {
      expect(dec(preview.receive.value).plus(preview.cashRemainder).toFixed(8)).toBe(
        preview.give.value,
      );
    }
  });

  it('swaps a metal into another metal, the part under 0.001 mg going to cash', () => {
    expect(previewSwap(gold, silver, '1', '5')).toMatchObject({
      status: 'ok',
      receive: { quantity: '67.85700000' },
      cashRemainder: '0.00000012',
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
