// The customer's journal as performance reads it: per movement and asset, what the customer's
// rows moved (quantity and dollars) and what the trading book posted against them (decision 021:
// a trade, swap or conversion posts the other side at the movement's price), oldest first; and
// the book's sell price of assets at given times, for what moved with no posting of the book's
// (a transfer from another customer, a delivery).
import { cashSymbol } from '@secure-vault/shared/catalogue';
import type { Database, Statement } from '../../db/client.ts';

export interface Leg {
  movement: string;
  at: Date;
  /** 'USD' for cash, null for custody items, else a listed asset. */
  symbol: string | null;
  /** The customer's net quantity moved (0 for cash and custody items). */
  quantity: string;
  /** The customer's net dollars moved: cash itself, an item's value, a position's revaluation. */
  value: string;
  /** What the trading book posted for the asset in the movement, in dollars; null if nothing. */
  book: string | null;
  /** The kinds of the customer's rows. */
  kinds: string[];
}

const legsStatement: Statement = {
  name: 'performance_legs',
  text: `with mine as (
      select distinct movement from ledger_entries where user_id = $1 and account = 'customer'
    )
    select e.movement::text as movement, min(e.created_at) as at, e.asset_symbol as symbol,
      coalesce(sum(e.quantity_delta) filter (where e.user_id = $1), 0)::text as quantity,
      coalesce(sum(e.value_delta) filter (where e.user_id = $1), 0)::text as value,
      (sum(e.value_delta) filter (where e.account = 'trading_book'))::text as book,
      coalesce(array_agg(distinct e.kind) filter (where e.user_id = $1), '{}') as kinds
    from ledger_entries e join mine m on m.movement = e.movement
    where e.user_id = $1 or e.account = 'trading_book'
    group by e.movement, e.asset_symbol
    order by min(e.created_at), e.movement`,
};

/** Every movement of the customer's, per asset, oldest first. */
export async function readLegs(database: Database, userId: string): Promise<Leg[]> {
  const rows = await database.query<Leg>(legsStatement, [userId]);
  return rows.filter((row) => row.kinds.length > 0);
}

export const isListed = (symbol: string | null): symbol is string =>
  symbol !== null && symbol !== cashSymbol;

const pricesAtStatement: Statement = {
  name: 'performance_prices_at',
  text: `select s.n::int - 1 as i, p.sell
    from unnest($1::text[], $2::timestamptz[]) with ordinality as s(symbol, at, n)
    cross join lateral (
      select a.sell from asset_prices a
      where a.symbol = s.symbol and a.effective_at <= s.at
      order by a.effective_at desc, a.id desc limit 1
    ) p`,
};

/**
 * The book's sell price of each (symbol, time) asked: the latest price in effect then, or the
 * book's first price for a time before it (the opening book is SPEC's price from the start).
 */
export async function sellPricesAt(
  database: Database,
  asks: readonly { symbol: string; at: Date }[],
  opening: (symbol: string) => string,
): Promise<string[]> {
  if (asks.length === 0) return [];
  const rows = await database.query<{ i: number; sell: string }>(pricesAtStatement, [
    asks.map((ask) => ask.symbol),
    asks.map((ask) => ask.at),
  ]);
  const found = new Map(rows.map((row) => [row.i, row.sell]));
  return asks.map((ask, i) => found.get(i) ?? opening(ask.symbol));
}
