// Each listed holding's cost and gains (issue 29 "Charts and performance"), by average cost, from
// the journal: what was bought cost what was paid for it (the cash the trade took, to the cent);
// what came another way — a swap, a transfer, a fixed term's return — cost its value at the
// book then (the trading book's posting, or the book's sell price when nothing was posted). What
// leaves takes its share of the cost with it; a sale, a swap or a conversion to cash realises its
// proceeds less that share, in the year it was made (UTC). Exact decimals throughout.
import { assets, findAsset } from '@secure-vault/shared/catalogue';
import { Dec, dec, toFixedString } from '@secure-vault/shared/money';
import type { HoldingPerformance, Performance } from '@secure-vault/shared/performance';
import type { AppContext } from '../../context.ts';
import { readBook } from '../../prices/book.ts';
import { isListed, type Leg, readLegs, sellPricesAt } from './journal-legs.ts';

/** Kinds by which a holding is sold: their proceeds realise a gain or a loss. */
const sales = new Set(['sell', 'swap_out', 'asset_to_cash']);

interface Position {
  quantity: Dec;
  cost: Dec;
  realised: Map<number, Dec>;
}

const round8 = (value: Dec) => value.toDecimalPlaces(8, Dec.ROUND_HALF_UP);

function openingSell(symbol: string): string {
  const asset = findAsset(symbol);
  if (!asset) throw new Error(`not a listed asset: ${symbol}`);
  return asset.price;
}

/** What each leg of a listed asset was worth when it moved, when the trading book did not say. */
async function unpostedValues(ctx: AppContext, legs: readonly Leg[]): Promise<Map<Leg, Dec>> {
  const asks = legs.filter(
    (leg) => isListed(leg.symbol) && leg.book === null && !dec(leg.quantity).isZero(),
  );
  const prices = await sellPricesAt(
    ctx.database,
    asks.map((leg) => ({ symbol: leg.symbol ?? '', at: leg.at })),
    openingSell,
  );
  return new Map(
    asks.map((leg, i) => [
      leg,
      round8(
        dec(leg.quantity)
          .abs()
          .times(prices[i] ?? '0'),
      ),
    ]),
  );
}

/** The positions each listed asset's legs leave, in the order they moved. */
function positionsOf(legs: readonly Leg[], unposted: Map<Leg, Dec>): Map<string, Position> {
  const positions = new Map<string, Position>();
  const cashOf = new Map<string, Dec>();
  for (const leg of legs) {
    if (leg.symbol !== null && !isListed(leg.symbol)) cashOf.set(leg.movement, dec(leg.value));
  }
  for (const leg of legs) {
    const symbol = leg.symbol;
    const quantity = dec(leg.quantity);
    if (!isListed(symbol) || quantity.isZero()) continue;
    const position = positions.get(symbol) ?? {
      quantity: dec(0),
      cost: dec(0),
      realised: new Map<number, Dec>(),
    };
    positions.set(symbol, position);
    const cash = cashOf.get(leg.movement);
    const atBook = leg.book === null ? (unposted.get(leg) ?? dec(0)) : dec(leg.book).abs();
    if (quantity.greaterThan(0)) {
      // Bought: what the customer paid, cents and all; anything else: its value then.
      const paid = leg.kinds.includes('buy') && cash !== undefined ? cash.negated() : atBook;
      position.cost = position.cost.plus(paid);
      position.quantity = position.quantity.plus(quantity);
      continue;
    }
    const out = quantity.negated();
    const share = position.quantity.isZero()
      ? dec(0)
      : round8(position.cost.times(out).dividedBy(position.quantity));
    position.quantity = position.quantity.minus(out);
    position.cost = position.quantity.lessThanOrEqualTo(0) ? dec(0) : position.cost.minus(share);
    if (leg.kinds.some((kind) => sales.has(kind))) {
      const proceeds = leg.kinds.includes('sell') && cash !== undefined ? cash : atBook;
      const year = leg.at.getUTCFullYear();
      position.realised.set(
        year,
        (position.realised.get(year) ?? dec(0)).plus(proceeds.minus(share)),
      );
    }
  }
  return positions;
}

const money = (value: Dec) => toFixedString(value.isZero() ? dec(0) : value);

function realisedList(byYear: Map<number, Dec>) {
  return [...byYear]
    .sort(([a], [b]) => b - a)
    .map(([year, amount]) => ({ year, amount: money(amount) }));
}

export async function getPerformance(ctx: AppContext, userId: string): Promise<Performance> {
  const at = ctx.clock.now();
  const [legs, book] = await Promise.all([
    readLegs(ctx.database, userId),
    readBook(ctx.database, at),
  ]);
  const positions = positionsOf(legs, await unpostedValues(ctx, legs));
  const sellOf = new Map(book.prices.map((price) => [price.symbol, price.sell]));
  const holdings: HoldingPerformance[] = [];
  const totalRealised = new Map<number, Dec>();
  let costBasis = dec(0);
  let value = dec(0);
  for (const asset of assets) {
    const position = positions.get(asset.symbol);
    if (!position) continue;
    const worth = round8(position.quantity.times(sellOf.get(asset.symbol) ?? asset.price));
    const unrealised = worth.minus(position.cost);
    costBasis = costBasis.plus(position.cost);
    value = value.plus(worth);
    for (const [year, amount] of position.realised) {
      totalRealised.set(year, (totalRealised.get(year) ?? dec(0)).plus(amount));
    }
    holdings.push({
      symbol: asset.symbol,
      quantity: money(position.quantity),
      costBasis: money(position.cost),
      averageCost: position.quantity.isZero()
        ? null
        : money(position.cost.dividedBy(position.quantity)),
      value: money(worth),
      unrealised: money(unrealised),
      unrealisedPercent: position.cost.isZero()
        ? null
        : unrealised
            .dividedBy(position.cost)
            .times(100)
            .toDecimalPlaces(2, Dec.ROUND_HALF_EVEN)
            .toFixed(2),
      realised: realisedList(position.realised),
    });
  }
  return {
    at: at.toISOString(),
    holdings,
    totals: {
      costBasis: money(costBasis),
      value: money(value),
      unrealised: money(value.minus(costBasis)),
      realised: realisedList(totalRealised),
    },
  };
}
