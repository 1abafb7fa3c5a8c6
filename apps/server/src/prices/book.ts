// The price book (decision 028), read and written: the book now with each price's 24 h change,
// one asset's price now, a chart's history downsampled here, and a new price. Every movement
// that values a position prices it in SQL (ledger_price) inside its own statement; this module is
// what the API shows and what an order is quoted at before that statement checks it.
import { type Asset, assets } from '@secure-vault/shared/catalogue';
import {
  type BookPrice,
  isBookPrice,
  type PriceBook,
  type PriceHistory,
  type PriceRange,
  type PriceSource,
  percentChange,
} from '@secure-vault/shared/prices';
import { dec } from '@secure-vault/shared/money';
import type { Database, Statement } from '../db/client.ts';
import { pricesChangedStatement } from '../db/notices.ts';

const day = 24 * 60 * 60 * 1000;

interface PriceRow {
  symbol: string;
  buy: string;
  sell: string;
  effective_at: Date;
  source: PriceSource;
}

/** Each symbol's latest row: one index lookup per symbol, however long the history. */
const currentStatement: Statement = {
  name: 'prices_current',
  text: `select s.symbol, p.buy, p.sell, p.effective_at, p.source,
      coalesce(
        (select b.sell from asset_prices b
          where b.symbol = s.symbol and b.effective_at <= $2::timestamptz
          order by b.effective_at desc, b.id desc limit 1),
        (select f.sell from asset_prices f where f.symbol = s.symbol order by f.id limit 1)
      ) as before,
      prices_halted(s.symbol, $3::timestamptz) as halted
    from unnest($1::text[]) with ordinality as s(symbol, n)
    cross join lateral (
      select a.buy, a.sell, a.effective_at, a.source from asset_prices a
      where a.symbol = s.symbol order by a.id desc limit 1
    ) p
    order by s.n`,
};

/** A decimal as the API writes it: no trailing zeros ("115000", "0.057"). */
function plain(value: string): string {
  return dec(value).toFixed();
}

type CurrentRow = PriceRow & { before: string | null; halted: boolean };

function bookPriceOf(row: CurrentRow): BookPrice {
  return {
    symbol: row.symbol,
    buy: plain(row.buy),
    sell: plain(row.sell),
    effectiveAt: row.effective_at.toISOString(),
    source: row.source,
    change24h: percentChange(row.before === null ? null : plain(row.before), plain(row.sell)),
    halted: row.halted,
  };
}

/**
 * The book now for these assets (all listed ones by default), in catalogue order, each with its
 * sell price's change since 24 hours before `at` (or since the book opened, if it is younger)
 * and whether trading in it is halted at `at` (its feed price stale: decision 029).
 */
export async function readBook(
  database: Database,
  at: Date,
  of: readonly Asset[] = assets,
): Promise<PriceBook> {
  const rows = await database.query<CurrentRow>(currentStatement, [
    of.map((asset) => asset.symbol),
    new Date(at.getTime() - day),
    at,
  ]);
  return { at: at.toISOString(), prices: rows.map(bookPriceOf) };
}

/** What a range spans and how finely it is drawn: a few hundred points at most. */
const rangeSpans: Record<Exclude<PriceRange, 'all'>, { span: number; step: number }> = {
  '1d': { span: day, step: 5 * 60 * 1000 },
  '1w': { span: 7 * day, step: 60 * 60 * 1000 },
  '1m': { span: 30 * day, step: 4 * 60 * 60 * 1000 },
  '1y': { span: 365 * day, step: day },
};

const firstStatement: Statement = {
  name: 'prices_first',
  text: 'select min(effective_at) as first from asset_prices where symbol = $1',
};

/**
 * The price in effect at the end of each step of the range: one index lookup per step, so a
 * chart reads the same few hundred rows whether the history holds a thousand prices or millions.
 * Steps before the asset's first price are left out.
 */
const historyStatement: Statement = {
  name: 'prices_history',
  text: `select $2::timestamptz + (i + 1) * ($3::bigint * interval '1 millisecond') as at, p.buy, p.sell
    from generate_series(0, $4::int - 1) as i
    cross join lateral (
      select a.buy, a.sell from asset_prices a
      where a.symbol = $1
        and a.effective_at <= $2::timestamptz + (i + 1) * ($3::bigint * interval '1 millisecond')
      order by a.effective_at desc, a.id desc limit 1
    ) p
    order by i`,
};

/** How many points `all` draws at most: as many as a year's chart. */
const allPoints = 365;

export async function priceHistory(
  database: Database,
  asset: Asset,
  range: PriceRange,
  at: Date,
): Promise<PriceHistory> {
  let span: number;
  let step: number;
  if (range === 'all') {
    const [row] = await database.query<{ first: Date | null }>(firstStatement, [asset.symbol]);
    const first = row?.first?.getTime() ?? at.getTime();
    span = Math.max(at.getTime() - first, 60 * 60 * 1000);
    step = Math.ceil(span / allPoints);
  } else {
    ({ span, step } = rangeSpans[range]);
  }
  const steps = Math.ceil(span / step);
  const start = new Date(at.getTime() - steps * step);
  const rows = await database.query<{ at: Date; buy: string; sell: string }>(historyStatement, [
    asset.symbol,
    start,
    step,
    steps,
  ]);
  return {
    symbol: asset.symbol,
    range,
    points: rows.map((row) => ({
      at: row.at.toISOString(),
      buy: plain(row.buy),
      sell: plain(row.sell),
    })),
  };
}

/**
 * Adds prices in one statement; with `onlyChanged`, only those that differ from the book's now
 * (numerically: "115.50" is "115.5"). Returns the symbols written. Sends no notice, so it runs
 * inside a transaction too; once that commits, `announcePrices` tells every process.
 */
const recordStatement: Statement = {
  name: 'prices_record',
  text: `insert into asset_prices (symbol, buy, sell, effective_at, source)
    select f.symbol, f.buy, f.sell, $2::timestamptz, $3
    from jsonb_to_recordset($1::jsonb) as f(symbol text, buy numeric, sell numeric)
    where not $4::boolean or not exists (
      select 1 from (
        select a.buy, a.sell from asset_prices a where a.symbol = f.symbol order by a.id desc limit 1
      ) b where b.buy = f.buy and b.sell = f.sell)
    returning symbol`,
};

export interface NewPrice {
  asset: Asset;
  buy: string;
  sell: string;
}

/**
 * Writes prices to the book: what a buyer pays and what a seller receives (equal, or a spread
 * with sell below buy), with at most 8 decimals. Each is the book's price from then on.
 */
export async function writePrices(
  database: Database,
  prices: readonly NewPrice[],
  how: { source: Exclude<PriceSource, 'opening'>; at: Date; onlyChanged: boolean },
): Promise<string[]> {
  for (const { asset, buy, sell } of prices) {
    if (!isBookPrice(buy) || !isBookPrice(sell) || dec(sell).greaterThan(buy)) {
      throw new Error(
        `not a price the book can hold for ${asset.symbol}: buy ${buy}, sell ${sell}`,
      );
    }
  }
  const rows = await database.query<{ symbol: string }>(recordStatement, [
    JSON.stringify(prices.map(({ asset, buy, sell }) => ({ symbol: asset.symbol, buy, sell }))),
    how.at.toISOString(),
    how.source,
    how.onlyChanged,
  ]);
  return rows.map((row) => row.symbol);
}

/** Once new prices have committed: every process forgets the book it quotes from. */
export async function announcePrices(database: Database): Promise<void> {
  await database.query(pricesChangedStatement, []);
}

/** Adds one price to the book (a staff change) and tells every process. */
export async function recordPrice(
  database: Database,
  price: NewPrice & { source: Exclude<PriceSource, 'opening'>; at: Date },
): Promise<void> {
  await writePrices(database, [price], { ...price, onlyChanged: false });
  // Committed (one statement on its own): every process forgets the book it quotes from.
  await announcePrices(database);
}
