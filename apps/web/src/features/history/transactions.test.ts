import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@secure-vault/shared/history';
import { groupTransactions } from './transactions';

let next = 0;
function entry(partial: Partial<HistoryEntry>): HistoryEntry {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    kind: 'buy',
    assetSymbol: null,
    itemName: null,
    quantityDelta: null,
    valueDelta: '0',
    reference: null,
    note: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...partial,
  };
}

describe('groupTransactions', () => {
  it('joins the rows of one trade, asset legs before cash', () => {
    const cash = entry({ kind: 'buy', assetSymbol: 'USD', valueDelta: '-0.057', reference: 'a' });
    const gold = entry({
      kind: 'buy',
      assetSymbol: 'AU',
      quantityDelta: '1',
      valueDelta: '0.057',
      reference: 'a',
    });
    const [trade] = groupTransactions([cash, gold]);
    expect(trade).toMatchObject({ kind: 'buy', legs: [{ id: gold.id }, cash] });
  });

  it("gives a buy's asset leg the trade's value, as the order and the cash leg show it", () => {
    // 1,234.567 mg of gold for $70.38: the position's revaluation made its row +70.3749…
    const cash = entry({ kind: 'buy', assetSymbol: 'USD', valueDelta: '-70.38', reference: 't' });
    const gold = entry({
      kind: 'buy',
      assetSymbol: 'AU',
      quantityDelta: '1234.567',
      valueDelta: '70.37491235',
      reference: 't',
    });
    const [buy] = groupTransactions([cash, gold]);
    expect(buy?.legs.map((leg) => [leg.assetSymbol, leg.quantityDelta, leg.valueDelta])).toEqual([
      ['AU', '1234.567', '70.38'],
      ['USD', null, '-70.38'],
    ]);
    const sale = groupTransactions([
      entry({
        kind: 'sell',
        assetSymbol: 'AU',
        quantityDelta: '-1',
        valueDelta: '-0.051',
        reference: 's',
      }),
      entry({ kind: 'sell', assetSymbol: 'USD', valueDelta: '0.05', reference: 's' }),
    ]);
    expect(sale[0]?.legs.map((leg) => leg.valueDelta)).toEqual(['-0.05', '0.05']);
  });

  it('shows a part split off for a delivery or a fixed term as one leg, as a whole holding is', () => {
    const at = '2026-01-05T12:00:00.000Z';
    const [delivery, term] = groupTransactions([
      entry({
        kind: 'delivery',
        assetSymbol: 'AU',
        quantityDelta: '-1000.00000000',
        valueDelta: '-57.25',
        reference: 'd',
        createdAt: at,
      }),
      entry({
        kind: 'delivery',
        assetSymbol: 'AU',
        quantityDelta: '1000.00000000',
        valueDelta: '57.00',
        reference: 'd',
        createdAt: at,
      }),
      entry({
        kind: 'fixed_term_start',
        assetSymbol: 'BTC',
        quantityDelta: '-0.5',
        reference: 'f',
      }),
      entry({ kind: 'fixed_term_start', assetSymbol: 'BTC', quantityDelta: '0.5', reference: 'f' }),
    ]);
    expect(delivery?.legs).toHaveLength(1);
    expect(delivery?.legs[0]).toMatchObject({
      kind: 'delivery',
      quantityDelta: '0',
      valueDelta: '0',
    });
    expect(term?.legs).toHaveLength(1);
    // Delivered, the part leaves: one row, kept as it is.
    const [delivered] = groupTransactions([
      entry({
        kind: 'delivery',
        assetSymbol: 'AU',
        quantityDelta: '-1000',
        valueDelta: '-57',
        reference: 'd',
      }),
    ]);
    expect(delivered?.legs[0]).toMatchObject({ quantityDelta: '-1000', valueDelta: '-57' });
  });

  it('calls a swap a swap, and keeps separate transactions apart', () => {
    const at = '2026-01-05T11:00:00.000Z';
    const rows = [
      entry({ kind: 'swap_out', assetSymbol: 'AU', reference: 's', createdAt: at }),
      entry({ kind: 'swap_in', assetSymbol: 'BTC', reference: 's', createdAt: at }),
      entry({ kind: 'swap_out', assetSymbol: 'USD', reference: 's', createdAt: at }),
      entry({ kind: 'admin_add', assetSymbol: 'USD', reference: null }),
      entry({ kind: 'admin_add', assetSymbol: 'USD', reference: null }),
      entry({ kind: 'sell', assetSymbol: 'AU', reference: 'b' }),
    ];
    expect(groupTransactions(rows).map((t) => [t.kind, t.legs.length])).toEqual([
      ['swap', 3],
      ['admin_add', 1],
      ['admin_add', 1],
      ['sell', 1],
    ]);
  });
});
