import { describe, expect, it } from 'vitest';
import { assetQuantity, wholeCents } from './history-receipt.ts';
import { isAppPage } from './pages.ts';
import { paths } from './paths.ts';

describe('a receipt', () => {
  it('has a page at a movement’s uuid, and none at anything else under /history', () => {
    const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    expect(paths.historyReceipt(id)).toBe(`/history/${id}`);
    expect(isAppPage(`/history/${id}`)).toBe(true);
    expect(isAppPage(`/history/${id}/`)).toBe(true);
    for (const path of ['/history/nonsense', `/history/${id}/more`, `/history/${id}x`]) {
      expect(isAppPage(path), path).toBe(false);
    }
  });

  it('rounds each line to whole cents as the list and the CSV do', () => {
    expect(wholeCents('99.99994500')).toBe('100.00');
    expect(wholeCents('-0.00500000')).toBe('-0.01');
    expect(wholeCents('-0.00400000')).toBe('0.00');
  });

  it("gives a quantity its asset's decimals, and more only when it has them", () => {
    expect(assetQuantity('AU', '1754.38500000')).toBe('1754.385');
    expect(assetQuantity('AU', '-1000.00000000')).toBe('-1000.000');
    expect(assetQuantity('BTC', '0.00003173')).toBe('0.00003173');
    expect(assetQuantity('AU', '0.00000000')).toBe('0');
    expect(assetQuantity(null, '2')).toBe('2');
    expect(assetQuantity('AU', null)).toBeNull();
  });
});
