// Prices an order from the catalogue (the client never tells the server a price), turning the
// shared quote()'s refusals into the API's error codes.
import {
  type Asset,
  findAsset,
  type Quote,
  type QuoteError,
  quantityDecimals,
  quote,
  type TradeSide,
} from '@secure-vault/shared';
import { AppError } from '../../errors.ts';

export function resolveAsset(symbol: string): Asset {
  const asset = findAsset(symbol);
  if (!asset) throw new AppError('UNKNOWN_ASSET', `There is no asset "${symbol}" to trade.`);
  return asset;
}

export function priceOrder(
  asset: Asset,
  order: { quantity?: string | undefined; total?: string | undefined },
  side: TradeSide,
): Quote {
  const result = quote(asset, order, side);
  if (result.ok) return result.quote;
  throw quoteRefusal(asset, order, result.error);
}

export function quoteRefusal(
  asset: Asset,
  order: { quantity?: string | undefined; total?: string | undefined },
  error: QuoteError,
): AppError {
  switch (error) {
    case 'BELOW_MINIMUM':
      return new AppError('BELOW_MINIMUM', 'The smallest order is $0.01.');
    case 'TOTAL_INVALID':
      return new AppError(
        'QUANTITY_INVALID',
        'Enter an amount in dollars, above zero, with at most 2 decimals.',
      );
    case 'TOO_LARGE':
      return new AppError('QUANTITY_INVALID', 'That order is larger than any account can hold.');
    case 'QUANTITY_INVALID':
      return new AppError(
        'QUANTITY_INVALID',
        order.quantity === undefined && order.total === undefined
          ? 'Give either a quantity or an amount.'
          : `Enter a quantity above zero with at most ${quantityDecimalsText(asset)}.`,
      );
  }
}

function quantityDecimalsText(asset: Asset): string {
  const places = quantityDecimals(asset);
  return places === 1 ? '1 decimal' : `${places} decimals`;
}
