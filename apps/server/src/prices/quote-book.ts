// The book as the order routes quote from it (decision 028): each process keeps the current
// prices in memory, so a trade is still one round trip, and forgets them when PostgreSQL says the
// book changed (a NOTIFY on `sv_prices`, sent once a new price has committed: db/notices.ts). A notice that has not
// arrived yet costs nothing but a retry: the trade's statement checks the book itself
// (ledger_priced_at) and refuses PRICE_CHANGED, and the caller forgets and quotes again.
import { type Asset, assets } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { Database, Statement } from '../db/client.ts';
import { pricesChannel } from '../db/notices.ts';

export interface QuotePrice {
  buy: string;
  sell: string;
}

export interface QuoteBook {
  /** The asset's price now, from memory when the book has not changed since it was read. */
  priceOf(asset: Asset): Promise<QuotePrice>;
  /** Reads the book again on the next ask (after the ledger refused a price as changed). */
  forget(): void;
  /** Stops listening. */
  close(): Promise<void>;
}

/** Each listed symbol's latest row: one index lookup per symbol, however long the history. */
const currentStatement: Statement = {
  name: 'prices_quote_book',
  text: `select s.symbol, p.buy, p.sell from unnest($1::text[]) as s(symbol)
    cross join lateral (
      select a.buy, a.sell from asset_prices a where a.symbol = s.symbol order by a.id desc limit 1
    ) p`,
};

export function createQuoteBook(database: Database): QuoteBook {
  let listening: Promise<() => Promise<void>> | undefined;
  let book: Promise<Map<string, QuotePrice>> | undefined;
  const forget = () => {
    book = undefined;
  };
  const load = async (): Promise<Map<string, QuotePrice>> => {
    // Listen first: a price written after the read is then always heard.
    listening ??= database.listen(pricesChannel, forget);
    await listening;
    const rows = await database.query<{ symbol: string; buy: string; sell: string }>(
      currentStatement,
      [assets.map((asset) => asset.symbol)],
    );
    const prices = new Map(
      rows.map((row) => [
        row.symbol,
        { buy: dec(row.buy).toFixed(), sell: dec(row.sell).toFixed() },
      ]),
    );
    return prices;
  };
  return {
    async priceOf(asset) {
      const current = (book ??= load());
      try {
        const price = (await current).get(asset.symbol);
        if (!price) throw new Error(`the price book has no price for ${asset.symbol}`);
        return price;
      } catch (err) {
        if (book === current) book = undefined;
        throw err;
      }
    },
    forget,
    async close() {
      if (listening) await (await listening)();
    },
  };
}
