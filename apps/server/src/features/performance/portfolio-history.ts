// The vault's value over time (issue 29 "Charts and performance"): at the end of each step of
// the range, the cash and custody items the journal says the customer held then, and each listed
// asset's quantity then at the book's sell price then. The journal is read once and swept; the
// prices are one index lookup per asset per step, so a chart costs the same however long the
// price history is. Steps before the account was opened are left out.
import { eq } from 'drizzle-orm';
import { findAsset } from '@secure-vault/shared/catalogue';
import { Dec, dec, toFixedString } from '@secure-vault/shared/money';
import type {
  PortfolioHistory,
  PortfolioPoint,
  PortfolioRange,
} from '@secure-vault/shared/performance';
import type { AppContext } from '../../context.ts';
import type { Statement } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { isListed, readLegs } from './journal-legs.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** What a range spans and how finely it is drawn: a few hundred points at most. */
const spans: Record<Exclude<PortfolioRange, 'all'>, { span: number; step: number }> = {
  '1w': { span: 7 * day, step: hour },
  '1m': { span: 30 * day, step: 4 * hour },
  '1y': { span: 365 * day, step: day },
};
const allPoints = 365;

const stepPricesStatement: Statement = {
  name: 'portfolio_step_prices',
  text: `select s.symbol, i, p.sell
    from unnest($1::text[]) as s(symbol)
    cross join generate_series(0, $4::int - 1) as i
    cross join lateral (
      select a.sell from asset_prices a
      where a.symbol = s.symbol
        and a.effective_at <= $2::timestamptz + (i + 1) * ($3::bigint * interval '1 millisecond')
      order by a.effective_at desc, a.id desc limit 1
    ) p`,
};

const money = (value: Dec) => toFixedString(value.isZero() ? dec(0) : value);

export async function getPortfolioHistory(
  ctx: AppContext,
  userId: string,
  range: PortfolioRange,
): Promise<PortfolioHistory> {
  const now = ctx.clock.now();
  const [legs, [account]] = await Promise.all([
    readLegs(ctx.database, userId),
    ctx.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
  ]);
  const opened = Math.min(
    account?.createdAt.getTime() ?? now.getTime(),
    legs[0]?.at.getTime() ?? Infinity,
  );
  let span: number;
  let step: number;
  if (range === 'all') {
    span = Math.max(now.getTime() - opened, hour);
    step = Math.ceil(span / allPoints);
  } else {
    ({ span, step } = spans[range]);
  }
  const steps = Math.ceil(span / step);
  const start = now.getTime() - steps * step;
  const symbols = [...new Set(legs.map((leg) => leg.symbol).filter(isListed))];
  const priceRows = await ctx.database.query<{ symbol: string; i: number; sell: string }>(
    stepPricesStatement,
    [symbols, new Date(start), step, steps],
  );
  const prices = new Map(priceRows.map((row) => [`${row.symbol} ${row.i}`, row.sell]));
  const held = new Map<string, Dec>();
  let cash = dec(0);
  let custody = dec(0);
  let next = 0;
  const points: PortfolioPoint[] = [];
  for (let i = 0; i < steps; i++) {
    const end = start + (i + 1) * step;
    for (; next < legs.length && (legs[next]?.at.getTime() ?? Infinity) <= end; next++) {
      const leg = legs[next];
      if (!leg) break;
      if (leg.symbol === null) custody = custody.plus(leg.value);
      else if (isListed(leg.symbol)) {
        held.set(leg.symbol, (held.get(leg.symbol) ?? dec(0)).plus(leg.quantity));
      } else cash = cash.plus(leg.value);
    }
    if (end < opened) continue;
    let assets = dec(0);
    for (const [symbol, quantity] of held) {
      if (quantity.isZero()) continue;
      const sell = prices.get(`${symbol} ${i}`) ?? findAsset(symbol)?.price ?? '0';
      assets = assets.plus(quantity.times(sell).toDecimalPlaces(8, Dec.ROUND_HALF_UP));
    }
    points.push({
      at: new Date(end).toISOString(),
      value: money(cash.plus(assets).plus(custody)),
      cash: money(cash),
      assets: money(assets),
      custody: money(custody),
    });
  }
  return { range, points };
}
