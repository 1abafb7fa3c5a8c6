// The CSV names cash and assets as the web app does (the two lists must not drift apart), and
// shows amounts in whole cents as the page does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assets } from '@secure-vault/shared/catalogue';
import type { HistoryEntry } from '@secure-vault/shared/history';
import { arabicAssetNames, cashNames, kindNames } from '../../i18n/ledger-names.ts';
import { csvKind } from './csv-texts.ts';
import { wholeCents as csvCents } from '@secure-vault/shared/history-receipt';

const locales = path.resolve(import.meta.dirname, '../../../../web/src/locales');
const read = (language: string, namespace: string): unknown =>
  JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8'));
const catalogue = (language: string) =>
  read(language, 'catalogue') as Record<string, { name?: string }> & { cash: string };
const history = (language: string) =>
  read(language, 'history') as { kinds: Record<string, string> };

describe('the CSV texts', () => {
  it('name every listed asset as the web catalogue does, in both languages', () => {
    const [en, ar] = [catalogue('en'), catalogue('ar')];
    for (const asset of assets) {
      expect(asset.name, asset.symbol).toBe(en[asset.symbol]?.name);
      expect(arabicAssetNames[asset.symbol], asset.symbol).toBe(ar[asset.symbol]?.name);
    }
    expect(Object.keys(arabicAssetNames).sort()).toEqual(assets.map((a) => a.symbol).sort());
  });

  it('name cash and every kind as the history screen does', () => {
    for (const language of ['en', 'ar'] as const) {
      const screen = history(language);
      expect(cashNames[language]).toBe(catalogue(language).cash);
      for (const [kind, label] of Object.entries(kindNames[language])) {
        expect(label, `${language} ${kind}`).toBe(screen.kinds[kind]);
      }
    }
  });

  it("name a swap's cash credit for what it is, also in swaps journaled before swap_cash", () => {
    const row = (kind: HistoryEntry['kind'], assetSymbol: string): HistoryEntry => ({
      id: '0b6f3c8e-3d0a-4c57-9a35-2b0f1c0e7d11',
      kind,
      assetSymbol,
      itemName: null,
      quantityDelta: null,
      valueDelta: '0.01',
      reference: 'swap',
      note: null,
      createdAt: '2026-11-16T09:00:00.000Z',
    });
    expect(csvKind('en', row('swap_cash', 'USD'))).toBe('Swap remainder to cash');
    expect(csvKind('ar', row('swap_out', 'USD'))).toBe('باقي المبادلة إلى النقد');
    expect(csvKind('en', row('swap_out', 'ETH'))).toBe('Swap (given)');
  });
});

describe('CSV amounts', () => {
  it('are whole cents, half away from zero, never "-0.00"', () => {
    expect(csvCents('-100.00000000')).toBe('-100.00');
    expect(csvCents('99.99994500')).toBe('100.00');
    expect(csvCents('0.00500000')).toBe('0.01');
    expect(csvCents('-0.00500000')).toBe('-0.01');
    expect(csvCents('-0.00400000')).toBe('0.00');
    expect(csvCents('1234567.89')).toBe('1234567.89');
  });
});
