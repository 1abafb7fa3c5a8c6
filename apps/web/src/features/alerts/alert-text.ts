// How a price alert reads (issue 29): its level exactly as set, per mg for a metal and per unit
// for a crypto (every decimal it has, none rounded), what it waits for, and the asset's page.
import type { TFunction } from 'i18next';
import type { PriceAlert } from '@secure-vault/shared/alerts';
import { findAsset } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { formatExactUsd, formatUsd } from '@/lib/money';

/** "$0.060000 per mg", "$120,000.00 per BTC"; a symbol the catalogue no longer lists, per unit. */
export function alertPriceText(t: TFunction, symbol: string, price: string): string {
  const asset = findAsset(symbol);
  return asset?.kind === 'metal'
    ? t('trading:alerts.perMg', { price: formatUsd(price, { minimum: 6, maximum: 8 }) })
    : t('trading:alerts.perUnit', {
        price: formatExactUsd(price),
        symbol: asset?.symbol ?? symbol,
      });
}

/** "Above $0.060000 per mg": what the alert waits for. */
export function alertLevelText(
  t: TFunction,
  alert: Pick<PriceAlert, 'symbol' | 'direction' | 'price'>,
): string {
  return t(`trading:alerts.level.${alert.direction}`, {
    price: alertPriceText(t, alert.symbol, alert.price),
  });
}

/** "US dollars per mg": the unit a level is typed in. */
export function alertUnitText(t: TFunction, symbol: string): string {
  const asset = findAsset(symbol);
  return asset?.kind === 'metal'
    ? t('trading:alerts.unitMg')
    : t('trading:alerts.unitPer', { symbol: asset?.symbol ?? symbol });
}

/** The asset's page, where its alerts are set; null for a symbol the catalogue no longer lists. */
export function assetPagePath(symbol: string): string | null {
  const asset = findAsset(symbol);
  if (!asset) return null;
  return asset.kind === 'metal'
    ? paths.metalCalculator(asset.symbol)
    : paths.cryptoDetail(asset.symbol);
}

/** A date and time as the alert lists show them. */
export const alertDateTime = { dateStyle: 'medium', timeStyle: 'short' } as const;
