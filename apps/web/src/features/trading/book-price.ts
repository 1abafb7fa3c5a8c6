// The price an order screen shows on each side, from the price book (decision 028), and how old
// it is. Until the book is read (or when it cannot be), SPEC §9's listed price stands in: it is
// the opening book, so a screen never waits on the book to price an order.
import type { Asset } from '@secure-vault/shared/catalogue';
import type { BookPrice, PriceBook } from '@secure-vault/shared/prices';
import type { TradeSide } from '@secure-vault/shared/trading';

export interface ShownPrice {
  /** What a buyer pays (buy) or a seller receives (sell), per mg or unit. */
  price: string;
  /**
   * The asset's change over 24 hours in percent (its sell price's): null when there is none to
   * tell (no history, or no book to tell it), undefined while the book is on its way.
   */
  change24h: string | null | undefined;
  /** When the price took effect, on this browser's clock (ms); null when not known. */
  since: number | null;
  /** False while the listed price stands in for the book's. */
  isFromBook: boolean;
  /** Trading in the asset is paused: its feed price is out of date (PRICE_STALE, decision 029). */
  isHalted: boolean;
}

/** A price the server named in a refusal (PRICE_CHANGED): newer than the book read before it. */
export interface PriceHint {
  symbol: string;
  side: TradeSide;
  price: string;
  /** When it was heard (ms), to know when a newer book has replaced it. */
  heardAt: number;
}

export function bookEntry(book: PriceBook | undefined, symbol: string): BookPrice | undefined {
  return book?.prices.find((entry) => entry.symbol === symbol);
}

/**
 * When an entry's price took effect, on this browser's clock: the book says how long before its
 * own reading (`at`) that was, and the reading arrived at `readAt`, so a clock set wrong on
 * either side does not age the price.
 */
export function sinceOf(book: PriceBook, entry: BookPrice, readAt: number): number {
  return readAt - Math.max(0, Date.parse(book.at) - Date.parse(entry.effectiveAt));
}

/** The price shown for one side of an asset, from the freshest of the book, a hint and SPEC §9. */
export function shownPrice(
  asset: Asset,
  side: TradeSide,
  book: { data: PriceBook | undefined; readAt: number; isLoading?: boolean },
  hints: readonly PriceHint[] = [],
): ShownPrice {
  const hint = hints.find(
    (heard) => heard.symbol === asset.symbol && heard.side === side && heard.heardAt > book.readAt,
  );
  const entry = bookEntry(book.data, asset.symbol);
  if (hint) {
    return {
      price: hint.price,
      change24h: entry?.change24h ?? null,
      since: null,
      isFromBook: true,
      isHalted: entry?.halted ?? false,
    };
  }
  if (!book.data || !entry) {
    const change24h = book.isLoading ? undefined : null;
    return { price: asset.price, change24h, since: null, isFromBook: false, isHalted: false };
  }
  return {
    price: side === 'buy' ? entry.buy : entry.sell,
    change24h: entry.change24h,
    since: sinceOf(book.data, entry, book.readAt),
    isFromBook: true,
    isHalted: entry.halted,
  };
}
