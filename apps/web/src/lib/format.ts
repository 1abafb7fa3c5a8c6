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

/** "1234.5" → "$1,234.50" (en) or "‏1,234.50 US$" (ar). Half away from zero; no "-$0.00". */
export function formatUsd(value: string, language: Language = currentLanguage()): string {
  const text = numberFormat(language, 'usd', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }).format(value as Intl.StringNumericLiteral);
  // In right-to-left text the "$" at the end of "US$" would take the paragraph's direction and
  // show as "$US"; a left-to-right mark after it keeps the symbol whole.
  return language === 'ar' ? `${text}\u200e` : text;
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
