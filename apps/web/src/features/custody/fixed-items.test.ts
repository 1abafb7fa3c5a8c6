// What may be fixed, how much it is worth, what each term earns, when it matures, and the form's
// checks: the figures the page promises must be the ones the server credits.
import { describe, expect, it } from 'vitest';
import { fixedFormSchema } from './fixed-form';
import { fixedItems, fixedValue, hasFixable, termFigures } from './fixed-items';
import {
  bitcoin,
  cash,
  deed,
  emptyPosition,
  fixedSilver,
  gold,
  painting,
  reduction,
  ring,
  valuables,
} from '@/test/fixed-test-data';
import { addMonthsUtc, termProgress, timeLeft } from './fixed-time';

describe('fixedItems', () => {
  const items = fixedItems(valuables);
  const byId = (id: string) => items.find((item) => item.valuable.id === id);

  it('lists positions first, then items, without cash, reductions or empty positions', () => {
    expect(items.map((item) => item.valuable.itemName)).toEqual([
      'Gold',
      'Bitcoin',
      'Silver',
      'Diamond ring',
      'Oil painting',
      'Title deed',
    ]);
    for (const left of [cash, reduction, emptyPosition]) expect(byId(left.id)).toBeUndefined();
  });

  it('lets active valued holdings be chosen and says why the others cannot', () => {
    expect(byId(gold.id)?.unavailable).toBeNull();
    expect(byId(ring.id)?.unavailable).toBeNull();
    expect(byId(fixedSilver.id)?.unavailable).toBe('locked');
    expect(byId(painting.id)?.unavailable).toBe('in_delivery');
    // A quantity split off for an open limit order cannot be fixed until the order is cancelled.
    expect(fixedItems([{ ...gold, status: 'reserved' }])[0]?.unavailable).toBe('reserved');
    expect(byId(deed.id)?.unavailable).toBe('notValued');
    expect(hasFixable(items)).toBe(true);
    expect(hasFixable(fixedItems([fixedSilver, painting, deed]))).toBe(false);
  });

  it('fixes positions by quantity, in the asset’s smallest unit, and items whole', () => {
    expect(byId(gold.id)).toMatchObject({
      kind: 'position',
      available: gold.quantity,
      decimals: 3,
    });
    expect(byId(bitcoin.id)).toMatchObject({ kind: 'position', decimals: 8 });
    expect(byId(ring.id)).toMatchObject({ kind: 'whole', available: null });
  });
});

describe('value and figures', () => {
  const [goldItem, , , ringItem] = fixedItems(valuables);

  it('values part of a position at the listed price, and a whole holding at its value', () => {
    expect(fixedValue(goldItem!, '2500')).toBe('142.5');
    expect(fixedValue(goldItem!, '10000.000')).toBe('570.00000000');
    expect(fixedValue(goldItem!, undefined)).toBe('570.00000000');
    expect(fixedValue(ringItem!, undefined)).toBe('5000.00');
  });

  it('fixes whole a position the catalogue does not list', () => {
    const [delisted] = fixedItems([{ ...gold, assetSymbol: 'XAU' }]);
    expect(delisted).toMatchObject({ kind: 'whole', asset: null, available: null });
    expect(fixedValue(delisted!, undefined)).toBe('570.00000000');
  });

  it.each([
    // value, rate, profit (cents rounded down), total return
    ['570', '0.05', '28.50', '598.5'],
    ['142.5', '0.10', '14.25', '156.75'],
    ['5000.00', '0.50', '2500.00', '7500'],
    ['0.057', '0.05', '0.00', '0.057'],
    ['33.33', '0.25', '8.33', '41.66'],
    ['19.99', '0.05', '0.99', '20.98'],
  ])('%s at %s earns %s, total %s', (value, rate, profit, total) => {
    expect(termFigures(value, rate)).toEqual({ profit, total });
  });
});

describe('maturity', () => {
  const at = (iso: string, months: number) => addMonthsUtc(new Date(iso), months).toISOString();

  it.each([
    ['2027-01-31T10:00:00.000Z', 1, '2027-02-28T10:00:00.000Z'],
    ['2028-01-31T23:59:00.000Z', 1, '2028-02-29T23:59:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 1, '2026-09-30T00:00:00.000Z'],
    ['2026-11-30T08:00:00.000Z', 3, '2027-02-28T08:00:00.000Z'],
    ['2026-12-15T12:00:00.000Z', 1, '2027-01-15T12:00:00.000Z'],
    ['2026-08-31T06:00:00.000Z', 6, '2027-02-28T06:00:00.000Z'],
    ['2028-02-29T06:00:00.000Z', 12, '2029-02-28T06:00:00.000Z'],
  ])('%s + %i months is %s', (start, months, end) => {
    expect(at(start, months)).toBe(end);
  });

  it('counts the time left and the share run', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const end = Date.parse('2026-01-11T00:00:00Z');
    const now = Date.parse('2026-01-06T05:30:00Z');
    expect(timeLeft(now, end)).toEqual({ days: 4, hours: 18, minutes: 30 });
    expect(timeLeft(end + 1000, end)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(termProgress(start, end, now)).toBeCloseTo(0.5229, 3);
    expect(termProgress(start, end, end + 1)).toBe(1);
    expect(termProgress(start, end, start - 1)).toBe(0);
  });
});

describe('fixedFormSchema', () => {
  const schema = fixedFormSchema(fixedItems(valuables));
  const issues = (values: Record<string, string>) =>
    schema
      .safeParse({ valuableId: '', months: '', quantity: '', ...values })
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('asks for an asset and a term', () => {
    expect(issues({})).toEqual([
      ['valuableId', 'custody:errors.assetRequired'],
      ['months', 'custody:errors.termRequired'],
    ]);
    expect(issues({ valuableId: fixedSilver.id, months: '1' })).toEqual([
      ['valuableId', 'custody:errors.assetRequired'],
    ]);
  });

  it('checks a position’s quantity: positive, in its smallest unit, not more than held', () => {
    const quantity = (text: string) => issues({ valuableId: gold.id, months: '3', quantity: text });
    expect(quantity('')).toEqual([['quantity', 'custody:errors.quantityInvalid']]);
    expect(quantity('0')).toEqual([['quantity', 'custody:errors.quantityInvalid']]);
    expect(quantity('1.0001')).toEqual([['quantity', 'custody:errors.quantityInvalid']]);
    expect(quantity('10000.001')).toEqual([['quantity', 'custody:fixed.problems.moreThanHeld']]);
    expect(quantity('2500.5')).toBeUndefined();
  });

  it('sends part of a position with its quantity, and the whole of it without', () => {
    expect(schema.parse({ valuableId: gold.id, months: '1', quantity: '2500.50' })).toEqual({
      valuableId: gold.id,
      months: 1,
      quantity: '2500.5',
    });
    expect(schema.parse({ valuableId: gold.id, months: '12', quantity: '10000' })).toEqual({
      valuableId: gold.id,
      months: 12,
    });
    expect(schema.parse({ valuableId: ring.id, months: '6', quantity: '' })).toEqual({
      valuableId: ring.id,
      months: 6,
    });
  });
});
