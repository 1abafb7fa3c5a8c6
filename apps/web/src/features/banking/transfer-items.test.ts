import { describe, expect, it } from 'vitest';
import {
  accountNumberInput,
  hasTransferable,
  shortReference,
  transferFormSchema,
  transferItems,
  transferValue,
} from './transfer-items';
import {
  bitcoin,
  cash,
  fixedSilver,
  gold,
  painting,
  receiverNumber,
  ring,
  valuables,
} from '@/test/transfer-test-data';

const items = transferItems(valuables);
const itemOf = (id: string) => items.find((item) => item.valuable.id === id)!;
const parse = (values: { valuableId: string; quantity?: string; receiverAccountNumber?: string }) =>
  transferFormSchema(items).safeParse({
    quantity: '',
    receiverAccountNumber: receiverNumber,
    ...values,
  });
const messagesOf = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('transferItems', () => {
  it('puts cash first, then positions, then items, and leaves out what cannot hold value', () => {
    expect(items.map((item) => item.valuable.id)).toEqual([
      cash.id,
      gold.id,
      fixedSilver.id,
      bitcoin.id,
      ring.id,
      painting.id,
    ]);
    expect(itemOf(fixedSilver.id).unavailable).toBe('locked');
    expect(itemOf(painting.id).unavailable).toBe('in_delivery');
    expect(itemOf(ring.id).unavailable).toBeNull();
  });

  it('lists cash and a quantity held for an open limit order, and lets neither move', () => {
    const reserved = transferItems([
      { ...cash, id: '00000000-0000-4000-8000-00000000f001', status: 'reserved' },
      { ...gold, id: '00000000-0000-4000-8000-00000000f002', status: 'reserved' },
    ]);
    expect(reserved.map((item) => item.unavailable)).toEqual(['reserved', 'reserved']);
    expect(hasTransferable(reserved)).toBe(false);
  });

  it('knows how much may move and in what steps', () => {
    expect(itemOf(cash.id)).toMatchObject({ kind: 'cash', available: '250.00000000', decimals: 2 });
    expect(itemOf(gold.id)).toMatchObject({ kind: 'position', decimals: 3 });
    expect(itemOf(bitcoin.id)).toMatchObject({ kind: 'position', decimals: 8 });
    expect(itemOf(ring.id)).toMatchObject({ kind: 'whole', available: null });
  });
});

describe('transferValue', () => {
  it.each([
    [cash.id, '12.5', '12.5'],
    [gold.id, '250', '14.25'],
    [bitcoin.id, '0.001', '115'],
    [gold.id, undefined, '57'],
    [ring.id, undefined, '5000.00'],
  ])('values %s × %s at %s', (id, quantity, value) => {
    expect(transferValue(itemOf(id), quantity)).toBe(value);
  });
});

describe('transferFormSchema', () => {
  it('sends a whole item without a quantity, and part of a holding with one', () => {
    expect(parse({ valuableId: ring.id, quantity: '3' })).toMatchObject({
      success: true,
      data: { valuableId: ring.id, receiverAccountNumber: receiverNumber },
    });
    expect(parse({ valuableId: ring.id }).data).not.toHaveProperty('quantity');
    expect(parse({ valuableId: gold.id, quantity: '250.500' }).data).toMatchObject({
      quantity: '250.5',
    });
  });

  it.each([
    [{ valuableId: '' }, 'transfers:errors.assetRequired'],
    [{ valuableId: fixedSilver.id }, 'transfers:errors.assetRequired'],
    [{ valuableId: cash.id }, 'transfers:errors.assetRequired'],
    [{ valuableId: cash.id, quantity: '0' }, 'transfers:errors.amountInvalid'],
    [{ valuableId: cash.id, quantity: '1.005' }, 'transfers:errors.amountInvalid'],
    [{ valuableId: cash.id, quantity: '250.01' }, 'transfers:problems.moreThanCash'],
    [{ valuableId: gold.id, quantity: '0.0001' }, 'transfers:errors.quantityInvalid'],
    [{ valuableId: gold.id, quantity: '1000.001' }, 'transfers:problems.moreThanHeld'],
    [{ valuableId: ring.id, receiverAccountNumber: '' }, 'transfers:errors.assetRequired'],
    [
      { valuableId: ring.id, receiverAccountNumber: '12345' },
      'transfers:errors.accountNumberLength',
    ],
    [
      { valuableId: ring.id, receiverAccountNumber: '1234567890' },
      'transfers:errors.accountNumberCheck',
    ],
  ])('refuses %o with %s', (values, message) => {
    expect(messagesOf(parse(values))).toEqual([message]);
  });
});

describe('accountNumberInput and shortReference', () => {
  it('keeps ten digits and reads a reference out', () => {
    expect(accountNumberInput(' 4000-1234 5799 ')).toBe('4000123457');
    expect(shortReference('3f2a9c1b-7d4e-4f00-8a11-0123456789ab')).toBe('3F2A9C1B');
  });
});
