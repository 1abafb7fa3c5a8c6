import { describe, expect, it } from 'vitest';
import {
  assets,
  cryptos,
  findAsset,
  findCrypto,
  findMetal,
  fixedTerms,
  metalListDecimals,
  metals,
} from './catalogue.ts';

describe('catalogue', () => {
  it('lists the 8 metals and 20 cryptocurrencies at the SPEC prices', () => {
    expect(metals.map((m) => `${m.symbol} ${m.price}`)).toEqual([
      'RH 0.63',
      'IR 0.22',
      'AU 0.057',
      'PD 0.04',
      'PT 0.04',
      'OS 0.012',
      'RE 0.0024',
      'AG 0.00084',
    ]);
    expect(cryptos).toHaveLength(20);
    expect(Object.fromEntries(cryptos.map((c) => [c.symbol, c.price]))).toEqual({
      BTC: '115000',
      ETH: '3650',
      XRP: '2.95',
      BNB: '770',
      SOL: '169',
      DOGE: '0.205',
      ADA: '0.73',
      TRX: '0.337',
      AVAX: '21.94',
      SHIB: '0.000012',
      BCH: '567',
      LTC: '106',
      LINK: '14',
      DOT: '3.61',
      MATIC: '0.42',
      TON: '6.1',
      ICP: '8.1',
      UNI: '7.4',
      XLM: '0.1',
      VET: '0.023',
    });
    expect(cryptos.map((c) => c.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(assets.map((a) => a.symbol)).size).toBe(28);
  });

  it('finds symbols case-insensitively, and only of the right kind', () => {
    expect(findAsset('au')?.name).toBe('Gold');
    expect(findMetal('ag')?.symbol).toBe('AG');
    expect(findMetal('BTC')).toBeUndefined();
    expect(findCrypto('btc')?.name).toBe('Bitcoin');
    expect(findAsset('XYZ')).toBeUndefined();
  });

  it('shows metal list prices with 5 decimals under 0.01, else 3', () => {
    expect(metalListDecimals('0.0024')).toBe(5);
    expect(metalListDecimals('0.00084')).toBe(5);
    expect(metalListDecimals('0.012')).toBe(3);
    expect(metalListDecimals('0.63')).toBe(3);
  });

  it('offers the four fixed terms', () => {
    expect(fixedTerms.map((t) => `${t.months}:${t.interestRate}`)).toEqual([
      '1:0.05',
      '3:0.10',
      '6:0.25',
      '12:0.50',
    ]);
  });
});
