// The words and figures /fixed-assets shows in the page's language: a term's name, its rate, the
// dates of a term (UTC calendar days, the days the server counts in), and why fixing failed
// (SPEC §8 "Failed to fix asset. Please try again." unless the server said why).
import type { TFunction } from 'i18next';
import type { FixedTermMonths } from '@secure-vault/shared/custody';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatDate, numberFormat } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { intlFigure, ltrIsolate } from '@/lib/money';

// Bidirectional marks Intl adds to Arabic figures; the isolate keeps "5%" in order instead.
const directionMarks = /[\u200e\u200f\u061c]/g;

/** "1 month", "3 months", "6 months", "1 year". */
export function termName(t: TFunction, months: FixedTermMonths): string {
  return t(`custody:fixed.durations.${String(months)}`);
}

/** A rate as a percentage: "0.05" → "5%", "0.125" → "12.5%". */
export function formatRate(rate: string, language = currentLanguage()): string {
  const text = numberFormat(language, 'percent-2', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(intlFigure(rate));
  return ltrIsolate(text.replace(directionMarks, ''), language);
}

/** A term's date, as the UTC calendar day the server counts maturity in. */
export function formatTermDate(value: string | Date, language = currentLanguage()): string {
  return formatDate(value, language, { dateStyle: 'medium', timeZone: 'UTC' });
}

const failureCodes = ['ASSET_UNAVAILABLE', 'INSUFFICIENT_HOLDING', 'QUANTITY_INVALID', 'NOT_FOUND'];

/** Why a term was not started, for the toast's description. */
export function fixFailureText(t: TFunction, error: unknown): string {
  const fallback = t('custody:fixed.failure.fallback');
  if (error instanceof ApiError && failureCodes.includes(error.code)) {
    return t(`custody:fixed.failure.${error.code}`);
  }
  // A session that ended, staff viewing as the customer, too many tries…: the app's own texts.
  return apiErrorText(t, error, fallback);
}
