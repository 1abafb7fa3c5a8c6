// Numbers and dates for the page's language (SPEC §9: US dollars with 2 decimals). Stored amounts
// arrive as decimal strings and go to Intl as strings, which formats them exactly: a stored
// amount never passes through a JavaScript number (DESIGN §2). Arabic keeps Latin digits.
import type { Language } from '@secure-vault/shared/i18n';
import { currentLanguage } from './i18n';

const locales: Record<Language, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };

/** The Intl locale for a language: Arabic text with Latin digits. */
export function localeOf(language: Language): string {
  return locales[language];
}

// A dashboard may format thousands of figures; building a formatter is the costly part.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: Language, key: string, options: Intl.NumberFormatOptions) {
  const cacheKey = `${language}|${key}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    numberFormats.set(cacheKey, format);
  }
  return format;
}

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
  }).format(value as Intl.StringNumericLiteral);
  return language === 'ar' ? `\u2066${text.replace(directionMarks, '')}\u2069` : text;
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
  }).format(value as Intl.StringNumericLiteral);
}

/** An ISO date-time (or Date) as a date, "Jan 5, 2026" by default. */
export function formatDate(
  value: string | Date,
  language: Language = currentLanguage(),
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const cacheKey = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    dateFormats.set(cacheKey, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}
