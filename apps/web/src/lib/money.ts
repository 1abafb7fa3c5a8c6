// Money and quantities on screen and in inputs: dollar amounts (SPEC §9: US dollars with 2
// decimals), asset quantities with their units, and the reading and trimming of decimal strings.
// Stored amounts arrive as exact decimal strings and go to Intl as strings, which formats them
// exactly: a stored amount never passes through a JavaScript number (DESIGN §2).
import type { TFunction } from 'i18next';
import { type Asset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { directionOf, type Language } from '@secure-vault/shared/i18n';
import { dec, storedScale } from '@secure-vault/shared/money';
import { numberFormat } from './format';
import { currentLanguage } from './i18n';

export interface UsdFormat {
  /** Decimals always shown; 2 unless more are asked for (prices per mg: 6). */
  minimum?: number;
  /** Decimals shown at most; `minimum` unless more are asked for (exact prices: 8). */
  maximum?: number;
  /** "exceptZero" adds "+" to amounts credited (history). */
  sign?: 'negative' | 'exceptZero';
  language?: Language;
}

// Bidirectional marks Intl adds to Arabic figures; the isolate below replaces them.
const directionMarks = /[\u200e\u200f\u061c]/g;

// A plain decimal: a sign, digits with or without a fraction (or a fraction alone), an exponent.
const numericLiteral = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function isNumericLiteral(value: string): value is Intl.StringNumericLiteral {
  return numericLiteral.test(value);
}

/**
 * A decimal string as Intl is to format it: a plain decimal as the string itself, which Intl
 * formats exactly ("0.1" never passes through a float); anything else as Number reads it (empty
 * text 0, junk NaN), which is how Intl read such text as well.
 */
export function intlFigure(value: string): Intl.StringNumericLiteral | number {
  return isNumericLiteral(value) ? value : Number(value);
}

/**
 * Every dollar amount on every screen, one form per language: "$1,234.50" in English and
 * "1,234.50 US$" in Arabic, whatever the text around it. Arabic amounts are a left-to-right
 * isolate, so the sign, the digits and "US$" keep their order inside right-to-left text or a
 * right-aligned cell, where Intl's own marks would let them move ("US$ 1,234.50", "$US"). Half
 * away from zero; no "-$0.00".
 */
export function formatUsd(
  value: string,
  {
    minimum = 2,
    maximum = Math.max(minimum, 2),
    sign = 'negative',
    language = currentLanguage(),
  }: UsdFormat = {},
): string {
  const text = numberFormat(language, `usd-${minimum}-${maximum}-${sign}`, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: minimum,
    maximumFractionDigits: maximum,
    signDisplay: sign,
  }).format(intlFigure(value));
  return language === 'ar' ? `\u2066${text.replace(directionMarks, '')}\u2069` : text;
}

/** An exact dollar figure: at least the cents, and every further decimal it has (up to 8). */
export function formatExactUsd(value: string, language: Language = currentLanguage()): string {
  return formatUsd(value, { maximum: 8, language });
}

/** A quantity with exactly `decimals` decimals ("1.5", 3 → "1.500"), grouped for the language. */
export function formatQuantity(
  value: string,
  decimals: number,
  language: Language = currentLanguage(),
): string {
  return numberFormat(language, `quantity-${decimals}`, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(intlFigure(value));
}

/**
 * Decimals a quantity is shown with (SPEC §9), one rule on every screen: the asset's own
 * precision, milligrams with 3 and crypto units with the decimals the asset is held in (BTC 8,
 * XRP 6, SHIB 2), so 1,028,333.33 SHIB reads the same on the dashboard and in the history.
 */
export function displayDecimals(asset: Asset): number {
  return quantityDecimals(asset);
}

/**
 * A quantity with its unit: "1,754.385 mg" for a metal, "0.00086956 BTC" for a crypto. `t` must
 * have the catalogue namespace loaded. `sign` adds "+" to a positive quantity. A figure with more
 * decimals than the asset's precision (an old holding) shows them all, up to the stored 8.
 */
export function formatAssetQuantity(
  t: TFunction,
  asset: Asset,
  value: string,
  { sign = false, language = currentLanguage() }: { sign?: boolean; language?: Language } = {},
): string {
  const decimals = Math.min(
    Math.max(displayDecimals(asset), decimalsOf(normalizeDecimal(value))),
    storedScale,
  );
  const number = formatQuantity(value, decimals, language);
  const signed = sign && dec(value).greaterThan(0) ? `+${number}` : number;
  const unit = asset.kind === 'metal' ? t('catalogue:units.mg') : asset.symbol;
  return `${ltrIsolate(signed, language)} ${unit}`;
}

/** The step of a quantity input: 0.001 mg, or the asset's smallest unit (0.00000001 BTC). */
export function quantityStep(asset: Asset): string {
  return stepOf(quantityDecimals(asset));
}

/** The smallest step of an amount with this many decimals: "1", "0.01", "0.00000001". */
export function stepOf(decimals: number): string {
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/**
 * A number or amount inside right-to-left text, kept left-to-right (Unicode isolates), so
 * "-5.70 US$" or "+1,754.385" keep their sign and currency in place inside an Arabic sentence.
 * Left-to-right pages get the text unchanged.
 */
export function ltrIsolate(text: string, language: Language = currentLanguage()): string {
  return directionOf(language) === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** True for an amount above zero ("0.01", "12"); false for zero, negatives and non-numbers. */
export function isPositiveAmount(value: string): boolean {
  const text = value.trim();
  return /^\+?\d*\.?\d+$/.test(text) && /[1-9]/.test(text);
}

const exponentNotation = /^(\d+\.?\d*|\.\d+)e([+-]?\d{1,2})$/i;

/**
 * A typed or stored decimal without trailing zeros, so it shows the decimals it really has:
 * "1.2500" → "1.25", "1.50000000" → "1.5", "100" → "100", "3." → "3", " 7 " → "7". A number
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

/** The decimals a plain decimal string has: "0.00012" → 5, "42" → 0. */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}
