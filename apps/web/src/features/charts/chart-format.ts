// How the charts read: a point's time for its range, an asset's price as the price lists write it,
// the value axis's short figures, and the change over a range. Exact figures come from the
// decimal strings; a number is only ever a point's place on the drawing.
import { type Asset, metalListDecimals } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import { percentChange } from '@secure-vault/shared/prices';
import { formatDate, numberFormat } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { formatExactUsd, formatUsd } from '@/lib/money';

/** Every range either chart offers. */
export type ChartRange = '1d' | '1w' | '1m' | '1y' | 'all';

// A book price has at most 8 decimals (decision 028): every one of them is shown, none rounded.
const bookPriceDecimals = 8;

/** A price per mg or unit as the price lists write it: metals 3 or 5 decimals, crypto exactly. */
export function formatAssetPrice(
  asset: Asset,
  price: string,
  language: Language = currentLanguage(),
): string {
  return asset.kind === 'metal'
    ? formatUsd(price, { minimum: metalListDecimals(price), maximum: bookPriceDecimals, language })
    : formatExactUsd(price, language);
}

const day = 24 * 3600 * 1000;

// By how long the points span, not the range asked for: "all" of a six-week-old account reads
// in days, not in the same month over and over.
function tickFormatFor(spanMs: number): Intl.DateTimeFormatOptions {
  if (spanMs <= 2 * day) return { hour: 'numeric', minute: '2-digit' };
  if (spanMs <= 8 * day) return { weekday: 'short', day: 'numeric' };
  if (spanMs <= 120 * day) return { month: 'short', day: 'numeric' };
  return { month: 'short', year: '2-digit' };
}

/** A time axis label for points spanning `spanMs`: "14:00", "Tue 5", "Jan 5", "Jan 26". */
export function formatTick(
  at: number,
  spanMs: number,
  language: Language = currentLanguage(),
): string {
  return formatDate(new Date(at), language, tickFormatFor(spanMs));
}

/** Whether points are less than a day apart, so each needs its time of day to differ. */
export function hasHoursBetween(points: readonly { at: string }[]): boolean {
  return points.some((point, index) => {
    const next = points[index + 1];
    return next !== undefined && Date.parse(next.at) - Date.parse(point.at) < day;
  });
}

/** A point's time in a tooltip or the table: with the time of day when points are hours apart. */
export function formatPointTime(
  at: string,
  hasHours: boolean,
  language: Language = currentLanguage(),
): string {
  return formatDate(
    at,
    language,
    hasHours ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  );
}

// Bidirectional marks Intl adds to Arabic figures; the axis isolates the figure instead.
const directionMarks = /[\u200e\u200f\u061c]/g;

/** A value axis label: a short dollar figure ("$115K", "$0.0571"), left-to-right in Arabic. */
export function formatAxisUsd(value: number, language: Language = currentLanguage()): string {
  const text = numberFormat(language, 'chart-axis-usd', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumSignificantDigits: 4,
  }).format(value);
  return language === 'ar' ? `\u2066${text.replace(directionMarks, '')}\u2069` : text;
}

export type Direction = 'up' | 'down' | 'flat';

/** Which way an amount went: up above zero, down below, flat at zero. */
export function directionOf(amount: string): Direction {
  const value = dec(amount);
  if (value.isZero()) return 'flat';
  return value.isNegative() ? 'down' : 'up';
}

export interface RangeChange {
  direction: Direction;
  /** The change in percent to 2 decimals ("-1.25"), null when the range starts at zero. */
  percent: string | null;
  /** The signed difference, last less first. */
  difference: string;
}

/** How a series moved from its first point to its last, in exact decimals. */
export function rangeChange(first: string, last: string): RangeChange {
  const difference = dec(last).minus(first).toFixed();
  return { direction: directionOf(difference), percent: percentChange(first, last), difference };
}
