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
    expect(trade).toMatchObject({ kind: 'buy', legs: [gold, cash] });
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
