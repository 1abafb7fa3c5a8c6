// What every order screen shares (metal and crypto trades, the swap dialog): the queries a
// trade changes, the Idempotency-Key of a confirmed order (DESIGN §3), and quantities with their
// units. Dollar amounts, whatever their decimals, come from lib/format.ts's formatUsd.
import type { TFunction } from 'i18next';
import { type Asset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { directionOf, type Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import { formatQuantity } from './format';
import { currentLanguage } from './i18n';

/** Decimals a quantity is shown with (SPEC §9): milligrams 3, crypto units 8. */
export function displayDecimals(asset: Asset): number {
  return asset.kind === 'metal' ? 3 : 8;
}

/**
 * A quantity with its unit: "1,754.385 mg" for a metal, "0.00086956 BTC" for a crypto. `t` must
 * have the catalogue namespace loaded. `sign` adds "+" to a positive quantity.
 */
export function formatAssetQuantity(
  t: TFunction,
  asset: Asset,
  value: string,
  { sign = false }: { sign?: boolean } = {},
): string {
  const number = formatQuantity(value, displayDecimals(asset));
  const signed = sign && dec(value).greaterThan(0) ? `+${number}` : number;
  return `${ltrIsolate(signed)} ${asset.kind === 'metal' ? t('catalogue:units.mg') : asset.symbol}`;
}

/**
 * A number or amount inside right-to-left text, kept left-to-right (Unicode isolates), so
 * "-5.70 US$" or "+1,754.385" keep their sign and currency in place inside an Arabic sentence.
 * Left-to-right pages get the text unchanged.
 */
export function ltrIsolate(text: string, language: Language = currentLanguage()): string {
  return directionOf(language) === 'rtl' ? `\u2066${text}\u2069` : text;
}

const exponentNotation = /^(\d+\.?\d*|\.\d+)e([+-]?\d{1,2})$/i;

/**
 * A typed decimal without trailing zeros: "1.2500" → "1.25", "3." → "3", " 7 " → "7". A number
 * input also accepts exponent notation, read as the number it is: "1e5" → "100000",
 * "1.5e-3" → "0.0015" (its decimals are then checked like any other's).
 */
export function normalizeDecimal(text: string): string {
  let value = text.trim();
  if (exponentNotation.test(value)) value = dec(value).toFixed();
  if (value.endsWith('.')) value = value.slice(0, -1);
  if (value.includes('.')) value = value.replace(/0+$/, '').replace(/\.$/, '');
  return value;
}

/** The step of a quantity input: 0.001 mg, or the asset's smallest unit (0.00000001 BTC). */
export function quantityStep(asset: Asset): string {
  const places = quantityDecimals(asset);
  return places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
}
