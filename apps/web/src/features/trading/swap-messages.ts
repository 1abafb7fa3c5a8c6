// The swap dialog's texts: an amount swapped, a problem with the quantity typed, a refused swap.
import type { TFunction } from 'i18next';
import { type Asset, findAsset } from '@secure-vault/shared/catalogue';
import type { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatAssetQuantity, quantityStep } from '@/lib/money';
import type { SwapProblem } from './preview-swap';

const nameOf = (t: TFunction, asset: Asset) => t(`catalogue:${asset.symbol}.name`);

/** "1,000.000 mg of Gold", "0.00049565 BTC" (a crypto's symbol already names it). */
export function swapAmountText(t: TFunction, asset: Asset, quantity: string): string {
  return asset.kind === 'metal'
    ? t('trading:swap.amountOfMetal', {
        quantity: formatAssetQuantity(t, asset, quantity),
        name: nameOf(t, asset),
      })
    : formatAssetQuantity(t, asset, quantity);
}

/** Why the quantity typed cannot be swapped from `from` into `to`, for the line under it. */
export function swapProblemText(t: TFunction, from: Asset, to: Asset, code: SwapProblem): string {
  switch (code) {
    case 'QUANTITY_INVALID':
      return from.kind === 'metal'
        ? t('trading:errors.quantityInvalidMg')
        : t('trading:errors.quantityInvalidUnits', {
            decimals: quantityStep(from).split('.')[1]?.length ?? 0,
          });
    case 'BELOW_MINIMUM':
      return t('trading:swap.belowMinimum', { name: nameOf(t, to) });
    case 'TOO_LARGE':
      return t('trading:errors.tooLarge');
    case 'INSUFFICIENT_HOLDING':
      return t('trading:errors.insufficientHolding', { name: nameOf(t, from) });
    case 'SAME_ASSET':
      return t('trading:errors.sameAsset');
  }
}

/** A refused swap, for its toast (PRICE_CHANGED is the dialog's own notice, not a toast). */
export function swapErrorText(t: TFunction, from: Asset, to: Asset, error: ApiError): string {
  switch (error.code) {
    case 'INSUFFICIENT_HOLDING':
      return t('trading:errors.insufficientHolding', { name: nameOf(t, from) });
    case 'ASSET_UNAVAILABLE':
      return t('trading:errors.assetUnavailable', { name: nameOf(t, from) });
    case 'BELOW_MINIMUM':
      return t('trading:swap.belowMinimum', { name: nameOf(t, to) });
    case 'QUANTITY_INVALID':
      return t('trading:errors.quantityOrAmount');
    case 'PRICE_STALE': {
      // Either side may be the paused one; the refusal names it.
      const paused = findAsset(error.details.symbol ?? '') ?? from;
      return t('trading:prices.halted.body', { name: nameOf(t, paused) });
    }
    default:
      return apiErrorText(t, error, t('trading:swap.failed'));
  }
}
