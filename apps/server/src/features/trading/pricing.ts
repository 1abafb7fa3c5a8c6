// Prices an order at the book's price (the client never tells the server a price: the one it
// names is only compared), turning the shared quote()'s refusals into the API's error codes.
import {
  type Asset,
  findAsset,
  type Quote,
  type QuoteError,
  quantityDecimals,
  quote,
  type TradeSide,
} from '@secure-vault/shared';
import { movedPast } from '@secure-vault/shared/prices';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { QuoteBook } from '../../prices/quote-book.ts';

/**
 * Refuses an order whose shown price the book has moved past the tolerance from, naming the new
 * price: the screen offers it rather than the order filling at a price nobody saw.
 */
export function holdsShownPrice(
  config: Pick<Config, 'priceTolerance'>,
  asset: Asset,
  shown: string | undefined,
  book: string,
): void {
  if (shown === undefined || !movedPast(shown, book, config.priceTolerance)) return;
  throw new AppError('PRICE_CHANGED', priceChangedMessage(asset, book), {
    details: { symbol: asset.symbol, price: book },
  });
}

/**
 * Quotes and moves, and once more from a fresh read of the book if the price changed: the book
 * kept in memory may not have heard of a price just written (prices/quote-book.ts). A second
 * refusal is the customer's to see. The first refused statement rolled back, key and all.
 */
export async function quotedAgainOnChange<T>(book: QuoteBook, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'PRICE_CHANGED') throw err;
    book.forget();
    return run();
  }
}

export function priceChangedMessage(asset: Asset, price: string): string {
  return `The price changed: ${asset.name} is now $${price} per ${asset.unit === 'mg' ? 'mg' : 'unit'}.`;
}

export function resolveAsset(symbol: string): Asset {
  const asset = findAsset(symbol);
  if (!asset) throw new AppError('UNKNOWN_ASSET', `There is no asset "${symbol}" to trade.`);
  return asset;
}

export function priceOrder(
  asset: Asset,
  order: { quantity?: string | undefined; total?: string | undefined },
  side: TradeSide,
  price: string,
): Quote {
  const result = quote(asset, order, side, price);
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
