// How a recurring buy reads (issue 29): its amount as every dollar amount reads, its day in the
// reader's language ("every Monday", "on day 15 of every month"), its next run at 12:00 UTC, and
// each period's outcome ("Bought 0.0004 BTC for $50.00", "Skipped: not enough cash").
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import { paths } from '@secure-vault/shared/paths';
import type { RecurringBuy, RecurringRun } from '@secure-vault/shared/recurring';
import { formatDate, localeOf } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate } from '@/lib/money';

// Monday 1 January 2024: the ISO weekday `day` falls `day - 1` days after it.
const aMonday = Date.UTC(2024, 0, 1);

/** An ISO weekday's name (1 Monday … 7 Sunday) in the language: "Monday", "الاثنين". */
export function weekdayName(day: number, language: Language = currentLanguage()): string {
  return new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', timeZone: 'UTC' }).format(
    aMonday + (day - 1) * 24 * 60 * 60 * 1000,
  );
}

/** "$50.00 every Monday", "$50.00 on day 15 of every month". */
export function scheduleText(
  t: TFunction,
  plan: Pick<RecurringBuy, 'amount' | 'frequency' | 'day'>,
): string {
  const amount = formatUsd(plan.amount);
  return plan.frequency === 'weekly'
    ? t('trading:recurring.schedule.weekly', { amount, weekday: weekdayName(plan.day) })
    : t('trading:recurring.schedule.monthly', { amount, day: ltrIsolate(String(plan.day)) });
}

/** A run time as the plans show it: its date, at 12:00 UTC (every run is at that hour). */
export function runDateText(t: TFunction, at: string | Date): string {
  const date = formatDate(at, undefined, { dateStyle: 'full', timeZone: 'UTC' });
  return t('trading:recurring.atNoonUtc', { date });
}

/** A past period's date, short: "Dec 7, 2026". */
export function pastRunDate(at: string): string {
  return formatDate(at, undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "Bought 0.00043103 BTC for $50.00", or "Skipped: not enough cash". */
export function runOutcomeText(t: TFunction, symbol: string, run: RecurringRun): string {
  if (run.outcome === 'skipped') {
    const reason = t([
      `trading:recurring.reasons.${run.reason ?? ''}`,
      'trading:recurring.reasons.other',
    ]);
    return t('trading:recurring.run.skipped', { reason });
  }
  const asset = findAsset(symbol);
  const quantity = run.quantity ?? '0';
  return t('trading:recurring.run.bought', {
    quantity: asset ? formatAssetQuantity(t, asset, quantity) : `${ltrIsolate(quantity)} ${symbol}`,
    total: formatUsd(run.total ?? '0'),
  });
}

/** The asset's page, where its plans are set up; null for a symbol no longer listed. */
export function assetPagePath(symbol: string): string | null {
  const asset = findAsset(symbol);
  if (!asset) return null;
  return asset.kind === 'metal'
    ? paths.metalCalculator(asset.symbol)
    : paths.cryptoDetail(asset.symbol);
}
