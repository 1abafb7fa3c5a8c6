// The listed instruments and terms (SPEC §9). The server prices every trade from here; the
// client only displays these figures. Names and descriptions shown to people are translated
// in the web app's catalogue namespace, keyed by symbol.
import { Dec, dec } from './money.ts';

export interface Metal {
  kind: 'metal';
  symbol: string;
  name: string;
  /** USD per milligram, exact. */
  price: string;
  unit: 'mg';
}

export interface Crypto {
  kind: 'crypto';
  rank: number;
  symbol: string;
  name: string;
  /** USD per unit, exact. */
  price: string;
  unit: 'units';
}

export type Asset = Metal | Crypto;

const metal = (symbol: string, name: string, price: string): Metal => ({
  kind: 'metal',
  symbol,
  name,
  price,
  unit: 'mg',
});
const crypto = (rank: number, symbol: string, name: string, price: string): Crypto => ({
  kind: 'crypto',
  rank,
  symbol,
  name,
  price,
  unit: 'units',
});

export const metals: readonly Metal[] = [
  metal('RH', 'Rhodium', '0.63'),
  metal('IR', 'Iridium', '0.22'),
  metal('AU', 'Gold', '0.057'),
  metal('PD', 'Palladium', '0.04'),
  metal('PT', 'Platinum', '0.04'),
  metal('OS', 'Osmium', '0.012'),
  metal('RE', 'Rhenium', '0.0024'),
  metal('AG', 'Silver', '0.00084'),
];

export const cryptos: readonly Crypto[] = [
  crypto(1, 'BTC', 'Bitcoin', '115000'),
  crypto(2, 'ETH', 'Ethereum', '3650'),
  crypto(3, 'XRP', 'XRP', '2.95'),
  crypto(4, 'BNB', 'BNB', '770'),
  crypto(5, 'SOL', 'Solana', '169'),
  crypto(6, 'DOGE', 'Dogecoin', '0.205'),
  crypto(7, 'ADA', 'Cardano', '0.73'),
  crypto(8, 'TRX', 'TRON', '0.337'),
  crypto(9, 'AVAX', 'Avalanche', '21.94'),
  crypto(10, 'SHIB', 'Shiba Inu', '0.000012'),
  crypto(11, 'BCH', 'Bitcoin Cash', '567'),
  crypto(12, 'LTC', 'Litecoin', '106'),
  crypto(13, 'LINK', 'Chainlink', '14'),
  crypto(14, 'DOT', 'Polkadot', '3.61'),
  crypto(15, 'MATIC', 'Polygon', '0.42'),
  crypto(16, 'TON', 'Toncoin', '6.1'),
  crypto(17, 'ICP', 'Internet Computer', '8.1'),
  crypto(18, 'UNI', 'Uniswap', '7.4'),
  crypto(19, 'XLM', 'Stellar', '0.1'),
  crypto(20, 'VET', 'VeChain', '0.023'),
];

export const assets: readonly Asset[] = [...metals, ...cryptos];

const bySymbol = new Map(assets.map((asset) => [asset.symbol, asset]));

/** Case-insensitive: metal routes use lowercase symbols, crypto routes uppercase. */
export function findAsset(symbol: string): Asset | undefined {
  return bySymbol.get(symbol.toUpperCase());
}

export function findMetal(symbol: string): Metal | undefined {
  const asset = findAsset(symbol);
  return asset?.kind === 'metal' ? asset : undefined;
}

export function findCrypto(symbol: string): Crypto | undefined {
  const asset = findAsset(symbol);
  return asset?.kind === 'crypto' ? asset : undefined;
}

export interface FixedTerm {
  id: '1m' | '3m' | '6m' | '1y';
  months: 1 | 3 | 6 | 12;
  /** Profit as a fraction of the asset's value, exact. */
  interestRate: string;
}

export const fixedTerms: readonly FixedTerm[] = [
  { id: '1m', months: 1, interestRate: '0.05' },
  { id: '3m', months: 3, interestRate: '0.10' },
  { id: '6m', months: 6, interestRate: '0.25' },
  { id: '1y', months: 12, interestRate: '0.50' },
];

/** The symbol of a customer's one cash position, and of the cash rows of the journal. */
export const cashSymbol = 'USD';

/** Where bought assets and sale proceeds are kept (SPEC §9 trading rules). */
export const storageLocations = {
  metal: { holding: 'Secure Vault', saleCash: 'Account' },
  crypto: { holding: 'Digital Wallet', saleCash: 'Digital Account' },
} as const;

/** SPEC §9 display: metal list prices with 5 decimals under 0.01, otherwise 3. */
export function metalListDecimals(price: string): number {
  return dec(price).lessThan('0.01') ? 5 : 3;
}

/**
 * Decimals a quantity of this asset may have: 3 for metals (milligrams, SPEC §5), and for
 * crypto as many as keep quantity × price within 8 decimals, so every value is exact at the
 * stored scale (BTC 8, XRP 6, SHIB 2).
 */
export function quantityDecimals(asset: Asset): number {
  if (asset.kind === 'metal') return 3;
  const dot = asset.price.indexOf('.');
  return 8 - (dot === -1 ? 0 : asset.price.length - dot - 1);
}

export function priceOf(asset: Asset): Dec {
  return new Dec(asset.price);
}
