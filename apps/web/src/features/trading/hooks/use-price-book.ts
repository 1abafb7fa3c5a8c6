// The price book as an order screen uses it: the price on each side of an asset, and what the
// server said when it refused an order because the book had moved (PRICE_CHANGED). That price is
// newer than the book on screen, so it is shown until the book is read again.
import { useCallback, useState } from 'react';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { TradeSide } from '@secure-vault/shared/trading';
import { usePrices } from '../api/get-prices';
import { type PriceHint, type ShownPrice, shownPrice } from '../book-price';

export function usePriceBook() {
  const query = usePrices();
  const { refetch } = query;
  const [hints, setHints] = useState<readonly PriceHint[]>([]);
  const book = { data: query.data, readAt: query.dataUpdatedAt, isLoading: query.isPending };

  const priceOf = (asset: Asset, side: TradeSide): ShownPrice =>
    shownPrice(asset, side, book, hints);

  /** The server's price for one side now (a PRICE_CHANGED refusal's); the book is read again. */
  const hearPrice = useCallback(
    (symbol: string, side: TradeSide, price: string) => {
      const heard: PriceHint = { symbol, side, price, heardAt: Date.now() };
      setHints((current) => [
        ...current.filter((hint) => hint.symbol !== symbol || hint.side !== side),
        heard,
      ]);
      void refetch();
    },
    [refetch],
  );

  return { query, priceOf, hearPrice };
}

export type PriceBookView = ReturnType<typeof usePriceBook>;
