import { describe, expect, it } from 'vitest';
import { findCrypto, findMetal } from '@secure-vault/shared/catalogue';
import {
  cryptoRules,
  editOrder,
  evaluateOrder,
  metalRules,
  orderFormSchema,
  orderProblemOf,
  shortfallOf,
} from './order-input';

function priced(
  asset: Parameters<typeof evaluateOrder>[0],
  order: { quantity?: string; total?: string },
  side: 'buy' | 'sell',
) {
  const field = order.quantity !== undefined ? 'quantity' : 'total';
  const evaluation = evaluateOrder(
    asset,
    { edited: field, quantity: order.quantity ?? '', total: order.total ?? '' },
    side,
  );
  if (evaluation.status !== 'ok') throw new Error(`not priced: ${JSON.stringify(evaluation)}`);
  return evaluation.quote;
}

const gold = findMetal('au')!;
const silver = findMetal('ag')!;
const bitcoin = findCrypto('BTC')!;
const shiba = findCrypto('SHIB')!;
const xrp = findCrypto('XRP')!;

describe('the metal calculator', () => {
  it('turns dollars into milligrams, rounded down, and charges exactly the dollars', () => {
    const input = editOrder(gold, metalRules, 'total', '100', 'buy');
    expect(input).toEqual({ edited: 'total', total: '100', quantity: '1754.385' });
    const evaluation = evaluateOrder(gold, input, 'buy');
    expect(evaluation).toMatchObject({
      status: 'ok',
      order: { total: '100' },
      quote: {
        quantity: '1754.38500000',
        value: '99.99994500',
        total: '100.00000000',
        price: '0.057',
      },
    });
  });

  it('turns milligrams into whole cents: rounded up to buy, down to sell', () => {
    expect(editOrder(gold, metalRules, 'quantity', '1', 'buy')).toEqual({
      edited: 'quantity',
      quantity: '1',
      total: '0.06',
    });
    expect(editOrder(silver, metalRules, 'quantity', '12.345', 'buy').total).toBe('0.02');
    expect(editOrder(silver, metalRules, 'quantity', '12.345', 'sell').total).toBe('0.01');
    expect(
      evaluateOrder(silver, editOrder(silver, metalRules, 'quantity', '12.345', 'buy'), 'buy'),
    ).toMatchObject({ status: 'ok', quote: { value: '0.01036980', total: '0.02000000' } });
  });

  it('takes dollar amounts in whole cents only', () => {
    expect(evaluateOrder(gold, { edited: 'total', quantity: '', total: '0.057' }, 'buy')).toEqual({
      status: 'invalid',
      problem: 'TOTAL_INVALID',
    });
  });

  it('refuses what cannot be bought', () => {
    const check = (field: 'quantity' | 'total', text: string) =>
      evaluateOrder(gold, editOrder(gold, metalRules, field, text, 'buy'), 'buy');
    expect(check('quantity', '')).toEqual({ status: 'empty' });
    expect(check('quantity', '0')).toEqual({ status: 'invalid', problem: 'QUANTITY_INVALID' });
    expect(check('quantity', '1.0001')).toEqual({ status: 'invalid', problem: 'QUANTITY_INVALID' });
    expect(check('quantity', '-1')).toEqual({ status: 'invalid', problem: 'QUANTITY_INVALID' });
    expect(check('quantity', '0.1')).toEqual({ status: 'invalid', problem: 'BELOW_MINIMUM' });
    expect(check('total', '0')).toEqual({ status: 'invalid', problem: 'TOTAL_INVALID' });
    expect(check('total', '0.01')).toEqual({ status: 'invalid', problem: 'BELOW_MINIMUM' });
  });

  it('keeps trailing zeros out of the order', () => {
    expect(
      evaluateOrder(gold, { edited: 'quantity', quantity: '2.500', total: '' }, 'buy'),
    ).toMatchObject({ status: 'ok', order: { quantity: '2.5' } });
  });
});

describe('the crypto calculator', () => {
  it('shows units to 8 decimals and totals to 2', () => {
    expect(editOrder(bitcoin, cryptoRules, 'total', '100', 'buy').quantity).toBe('0.00086956');
    expect(editOrder(xrp, cryptoRules, 'total', '100', 'buy').quantity).toBe('33.89830500');
    expect(editOrder(xrp, cryptoRules, 'quantity', '1.5', 'buy').total).toBe('4.43');
    expect(
      evaluateOrder(xrp, editOrder(xrp, cryptoRules, 'quantity', '1.5', 'buy'), 'buy'),
    ).toMatchObject({ status: 'ok', quote: { value: '4.42500000', total: '4.43000000' } });
  });

  it('accepts a computed 8-decimal quantity when the asset allows fewer decimals', () => {
    const input = editOrder(shiba, cryptoRules, 'total', '1', 'buy');
    expect(input.quantity).toBe('83333.33000000');
    expect(evaluateOrder(shiba, { ...input, edited: 'quantity' }, 'buy')).toMatchObject({
      status: 'ok',
      order: { quantity: '83333.33' },
    });
  });

  it('allows only as many unit decimals as keep the value exact, and cents in the total', () => {
    expect(
      evaluateOrder(shiba, { edited: 'quantity', quantity: '1000.001', total: '' }, 'buy'),
    ).toEqual({ status: 'invalid', problem: 'QUANTITY_INVALID' });
    expect(
      evaluateOrder(bitcoin, { edited: 'total', quantity: '', total: '10.001' }, 'buy'),
    ).toEqual({ status: 'invalid', problem: 'TOTAL_INVALID' });
  });
});

describe('exponent notation', () => {
  it('is read as the number it is, and its decimals are checked like any others', () => {
    expect(editOrder(gold, metalRules, 'total', '1e2', 'buy').quantity).toBe('1754.385');
    expect(editOrder(gold, metalRules, 'quantity', '1E3', 'buy').total).toBe('57.00');
    expect(
      evaluateOrder(gold, { edited: 'quantity', quantity: '1.5e-3', total: '' }, 'buy'),
    ).toEqual({ status: 'invalid', problem: 'QUANTITY_INVALID' });
    expect(evaluateOrder(gold, { edited: 'total', quantity: '', total: '1e13' }, 'buy')).toEqual({
      status: 'invalid',
      problem: 'TOO_LARGE',
    });
  });
});

describe('what the balance on screen cannot cover', () => {
  it('is nothing while the order is covered or the balance unknown', () => {
    const order = priced(gold, { total: '100' }, 'buy');
    expect(shortfallOf(gold, 'buy', order, { cash: '100.00000000', held: null })).toBeNull();
    expect(shortfallOf(gold, 'buy', order, { cash: null, held: null })).toBeNull();
    const sale = priced(gold, { quantity: '500' }, 'sell');
    expect(shortfallOf(gold, 'sell', sale, { cash: null, held: '500.00000000' })).toBeNull();
    expect(shortfallOf(gold, 'sell', sale, { cash: null, held: null })).toBeNull();
  });

  it('names the cash needed, the cash there is, and the most that cash buys', () => {
    const order = priced(gold, { quantity: '2000' }, 'buy');
    expect(shortfallOf(gold, 'buy', order, { cash: '99.99000000', held: null })).toMatchObject({
      kind: 'cash',
      needed: '114.00000000',
      available: '99.99000000',
      most: { quantity: '1754.21000000', total: '99.99000000' },
    });
    // Too little cash for the smallest order: no "at most".
    const tiny = shortfallOf(gold, 'buy', order, { cash: '0.00000000', held: null });
    expect(tiny).toMatchObject({ kind: 'cash', most: null });
  });

  it('names what is held when a sale asks for more', () => {
    const sale = priced(gold, { total: '100' }, 'sell');
    expect(shortfallOf(gold, 'sell', sale, { cash: null, held: '1000.00000000' })).toEqual({
      kind: 'holding',
      held: '1000.00000000',
    });
  });
});

describe('the problem under an order field', () => {
  const messageOf = (input: { edited: 'quantity' | 'total'; quantity: string; total: string }) => {
    const parsed = orderFormSchema(gold, 'buy').safeParse(input);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('reads the priced problem the form schema put on the field', () => {
    const message = messageOf({ edited: 'quantity', quantity: '1.23456', total: '' });
    expect(orderProblemOf(message)).toBe('QUANTITY_INVALID');
  });

  it('shows nothing for an empty form, no error or a message it does not know', () => {
    expect(messageOf({ edited: 'quantity', quantity: '', total: '' })).toBe('EMPTY');
    expect(orderProblemOf('EMPTY')).toBeNull();
    expect(orderProblemOf(undefined)).toBeNull();
    expect(orderProblemOf('trading:errors.tooLarge')).toBeNull();
  });
});
