// How the staff Prices tab words the book and the feed (decision 028): the unit an asset's prices
// are per, a price exactly as the book holds it (every decimal, up to 8), how old
// a price is, the feed's intervals, and the feed's state in one word.
import type { TFunction } from 'i18next';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { PriceFeedStatus } from '@secure-vault/shared/prices';
import { formatTimeAgo, numberFormat } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { formatExactUsd } from '@/lib/money';

/** "per mg" for a metal, "per BTC" for a crypto. */
export function unitText(t: TFunction, asset: Asset): string {
  return asset.kind === 'metal' ? t('prices.perMg') : t('prices.perUnit', { symbol: asset.symbol });
}

/** A book price: the cents at least and every further decimal it has, none rounded. */
export function formatBookPrice(price: string): string {
  return formatExactUsd(price);
}

/** "3 days ago": the age of a time, at `now`, both in ms. */
export function ageText(since: number, now: number): string {
  return formatTimeAgo((now - since) / 1000);
}

/** "60 seconds", "5 minutes": an interval as the language says it. */
export function durationText(seconds: number, language = currentLanguage()): string {
  const inMinutes = seconds >= 120 && seconds % 60 === 0;
  const unit = inMinutes ? 'minute' : 'second';
  return numberFormat(language, `duration-${unit}`, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(inMinutes ? seconds / 60 : seconds);
}

export type FeedState = 'off' | 'live' | 'failing' | 'halted';

/** Off without a feed; halting trades when any asset is stale; failing when its last poll did. */
export function feedStateOf(feed: PriceFeedStatus): FeedState {
  if (!feed.configured) return 'off';
  if (feed.halted.length > 0) return 'halted';
  if (feed.lastError !== null) return 'failing';
  return 'live';
}
