import { describe, expect, it } from 'vitest';
import {
  deliveryFormDefaults,
  deliveryFormSchema,
  deliveryItems,
  hasDeliverable,
  internationalPhone,
} from './delivery-items';
import {
  bitcoin,
  cash,
  fixedPainting,
  gold,
  necklace,
  valuable,
  watchInDelivery,
} from '@/test/delivery-test-data';

const recipient = {
  recipientName: ' Amira Haddad ',
  recipientEmail: 'Amira@Example.com ',
  recipientPhone: '+971501234567',
  recipientAddress: '12 Palm Street\nDubai',
};

function issuesOf(values: Partial<typeof deliveryFormDefaults>) {
  const items = deliveryItems([necklace, gold, bitcoin, fixedPainting]);
  const result = deliveryFormSchema(items).safeParse({ ...deliveryFormDefaults, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('deliveryItems', () => {
  it('offers physical items and metals, and lists the rest disabled with the reason', () => {
    const items = deliveryItems([bitcoin, cash, fixedPainting, gold, necklace, watchInDelivery]);
    expect(items.map((item) => [item.valuable.itemName, item.kind, item.unavailable])).toEqual([
      ['Gold', 'metal', null],
      ['Diamond necklace', 'whole', null],
      ['Bitcoin', 'digital', 'digital'],
      ['Cash', 'digital', 'cash'],
      ['Oil painting', 'whole', 'locked'],
      ['Pocket watch', 'whole', 'in_delivery'],
    ]);
    expect(items[0]?.available).toBe('1000');
    expect(items[0]?.decimals).toBe(3);
  });

  it('lists a quantity held for an open limit order disabled, with its reason', () => {
    const items = deliveryItems([{ ...gold, status: 'reserved' }]);
    expect(items.map((item) => item.unavailable)).toEqual(['reserved']);
    expect(hasDeliverable(items)).toBe(false);
  });

  it('reads cash and crypto whatever their spelling, and leaves out reductions and empty positions', () => {
    const items = deliveryItems([
      valuable({ id: 'a0000000-0000-4000-8000-000000000001', itemType: 'Cash' as never }),
      valuable({ id: 'a0000000-0000-4000-8000-000000000002', estimatedValue: '-50.00' }),
      { ...gold, id: 'a0000000-0000-4000-8000-000000000003', quantity: '0' },
      { ...cash, id: 'a0000000-0000-4000-8000-000000000004', estimatedValue: '0.00' },
      { ...necklace, status: 'delivered' },
    ]);
    expect(items.map((item) => item.unavailable)).toEqual(['cash']);
    expect(hasDeliverable(items)).toBe(false);
    expect(hasDeliverable(deliveryItems([necklace]))).toBe(true);
  });
});

describe('deliveryFormSchema', () => {
  it('asks for every field (SPEC §5)', () => {
    expect(issuesOf({})).toEqual({
      valuableId: 'custody:errors.allRequired',
      recipientName: 'custody:errors.allRequired',
      recipientEmail: 'custody:errors.allRequired',
      recipientPhone: 'custody:errors.allRequired',
      recipientAddress: 'custody:errors.allRequired',
    });
  });

  it('checks the email, the phone with its country code and the milligrams held', () => {
    expect(
      issuesOf({
        ...recipient,
        valuableId: gold.id,
        quantity: '1000.5',
        recipientEmail: 'amira',
        recipientPhone: '0501234567',
      }),
    ).toEqual({
      quantity: 'custody:delivery.errors.moreThanHeld',
      recipientEmail: 'auth:errors.emailInvalid',
      recipientPhone: 'custody:errors.phoneInvalid',
    });
    expect(issuesOf({ ...recipient, valuableId: gold.id })).toEqual({
      quantity: 'custody:errors.allRequired',
    });
    expect(issuesOf({ ...recipient, valuableId: gold.id, quantity: '0.0001' })).toEqual({
      quantity: 'custody:errors.quantityInvalid',
    });
    expect(issuesOf({ ...recipient, valuableId: fixedPainting.id })).toEqual({
      valuableId: 'custody:errors.allRequired',
    });
  });

  it('gives the request body: part of a metal by milligram, any other item whole', () => {
    const items = deliveryItems([necklace, gold]);
    const schema = deliveryFormSchema(items);
    expect(schema.parse({ ...recipient, valuableId: gold.id, quantity: '250.50' })).toEqual({
      valuableId: gold.id,
      quantity: '250.5',
      recipientName: 'Amira Haddad',
      recipientEmail: 'amira@example.com',
      recipientPhone: '+971 50 123 4567',
      recipientAddress: '12 Palm Street\nDubai',
    });
    expect(
      schema.parse({ ...recipient, valuableId: necklace.id, quantity: '12' }),
    ).not.toHaveProperty('quantity');
  });

  it('writes phone numbers the international way', () => {
    expect(internationalPhone(' +442079460958 ')).toBe('+44 20 7946 0958');
    expect(internationalPhone('not a number')).toBe('not a number');
  });
});
