// Numbers and dates for the page's language, through cached Intl formatters; Arabic keeps Latin
// digits. Money and quantities are formatted in lib/money.ts, which uses the cache below.
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

/** A cached Intl number format for the language; `key` names `options` in the cache. */
export function numberFormat(
  language: Language,
  key: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const cacheKey = `${language}|${key}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    numberFormats.set(cacheKey, format);
  }
  return format;
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

/** A country's name in the language ("AE" → "United Arab Emirates"); anything else as given. */
export function regionName(code: string, language: Language = currentLanguage()): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return (
      new Intl.DisplayNames([localeOf(language)], { type: 'region', fallback: 'code' }).of(code) ??
      code
    );
  } catch {
    return code;
  }
}

/**
 * A name or email inside a sentence, wrapped in first-strong isolates so its direction does not
 * disturb the sentence around it (an English address inside Arabic, or the other way round).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

// Largest first: an age reads in the largest unit it has one of ("3 minutes ago", not "180 s").
const ageUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago, in the language: "now", "12 seconds ago", "3 minutes ago", "yesterday". */
export function formatTimeAgo(seconds: number, language: Language = currentLanguage()): string {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  const age = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of ageUnits) {
    if (age >= size) return format.format(-Math.floor(age / size), unit);
  }
  return format.format(-age, 'second');
}
