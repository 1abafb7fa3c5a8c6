// The toasts of the order screens (SPEC §8 trading): metal and crypto screens keep the
// original's own wording ("Insufficient Cash" vs "Insufficient Funds", "… Please try again.").
import type { TFunction } from 'i18next';
import { type Asset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import type { OrderProblem, Shortfall } from './order-input';
import { formatUnitPrice } from './price-text';

export interface ToastText {
  title: string;
  description: string;
}

const variantOf = (asset: Asset) => (asset.kind === 'metal' ? 'metals' : 'crypto');

/** Why the typed order cannot be placed, for the line under the fields. */
export function problemText(t: TFunction, asset: Asset, problem: OrderProblem): string {
  switch (problem) {
    case 'QUANTITY_INVALID':
      return asset.kind === 'metal'
        ? t('trading:errors.quantityInvalidMg')
        : t('trading:errors.quantityInvalidUnits', { decimals: quantityDecimals(asset) });
    case 'TOTAL_INVALID':
      return t('trading:errors.totalInvalid');
    case 'BELOW_MINIMUM':
      return t('trading:errors.belowMinimum');
    case 'TOO_LARGE':
      return t('trading:errors.tooLarge');
  }
}

/**
 * What the customer lacks, for the line under the field they typed in: SPEC §8's texts, with the
 * most their cash buys or what they hold.
 */
export function shortfallText(t: TFunction, asset: Asset, shortfall: Shortfall): string {
  if (shortfall.kind === 'holding') {
    const name = t(`catalogue:${asset.symbol}.name`);
    return `${t('trading:errors.insufficientHolding', { name })} ${t('trading:errors.youHold', {
      quantity: formatAssetQuantity(t, asset, shortfall.held),
    })}`;
  }
  const { description } = insufficientCashText(t, asset, shortfall.needed, shortfall.available);
  if (!shortfall.most) return description;
  return `${description} ${t('trading:errors.mostCashBuys', {
    quantity: formatAssetQuantity(t, asset, shortfall.most.quantity),
  })}`;
}

export function insufficientCashText(
  t: TFunction,
  asset: Asset,
  needed: string,
  available: string | null,
): ToastText {
  return {
    title: t(`trading:${variantOf(asset)}.insufficientTitle`),
    description:
      available === null
        ? t('trading:errors.insufficientCashUnknown')
        : t('trading:errors.insufficientCash', {
            needed: formatUsd(needed),
            available: formatUsd(available),
          }),
  };
}

/**
 * An order or a swap refused because the book moved (PRICE_CHANGED): the price it has now, from
 * the refusal's details, and that nothing was done. Without the price, the code's own text.
 */
export function priceChangedText(
  t: TFunction,
  asset: Asset,
  price: string | undefined,
  of: 'order' | 'swap',
): string {
  if (price === undefined) return t('auth:codes.PRICE_CHANGED');
  const values = {
    name: t(`catalogue:${asset.symbol}.name`),
    price: formatUnitPrice(t, asset, price),
  };
  return of === 'order'
    ? t('trading:prices.changed.order', values)
    : t('trading:prices.changed.swap', values);
}

/** A failed order: the screen's title, and the reason when the server gave a known one. */
export function tradeFailureText(
  t: TFunction,
  asset: Asset,
  side: 'buy' | 'sell',
  error: unknown,
): ToastText {
  const variant = variantOf(asset);
  const title = t(`trading:${variant}.${side}FailedTitle`);
  const fallback = t(`trading:${variant}.${side}Failed`);
  const name = t(`catalogue:${asset.symbol}.name`);
  if (!(error instanceof ApiError)) return { title, description: fallback };
  switch (error.code) {
    case 'INSUFFICIENT_HOLDING':
      return { title, description: t('trading:errors.insufficientHolding', { name }) };
    case 'ASSET_UNAVAILABLE':
      return { title, description: t('trading:errors.assetUnavailable', { name }) };
    case 'BELOW_MINIMUM':
      return { title, description: t('trading:errors.belowMinimum') };
    case 'QUANTITY_INVALID':
      return { title, description: t('trading:errors.quantityOrAmount') };
    case 'UNKNOWN_ASSET':
      return { title, description: t('trading:errors.unknownAsset') };
    case 'PRICE_STALE':
      return { title, description: t('trading:prices.halted.body', { name }) };
    default:
      return { title, description: apiErrorText(t, error, fallback) };
  }
}
