// The customer's price alerts (contracts: shared/alerts/contracts.ts): listed, set and removed.
// Ownership is in every where clause, so another customer's alert is answered as a missing one.
// An alert the book has already passed is refused on its field — it would fire at once — and at
// most `maxActiveAlerts` wait at a time.
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  maxActiveAlerts,
  type PriceAlert,
  type PriceAlertInput,
  type PriceAlertList,
} from '@secure-vault/shared/alerts';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import type { AppContext } from '../../context.ts';
import { priceAlerts } from '../../db/alerts-schema.ts';
import { AppError, invalidField } from '../../errors.ts';
import { readBook } from '../../prices/book.ts';

type Row = typeof priceAlerts.$inferSelect;

/** How many fired alerts the list keeps showing. */
const firedShown = 50;

const plain = (value: string) => dec(value).toFixed();

function toAlert(row: Row): PriceAlert {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    price: plain(row.price),
    createdAt: row.createdAt.toISOString(),
    firedAt: row.firedAt?.toISOString() ?? null,
    firedPrice: row.firedPrice === null ? null : plain(row.firedPrice),
  };
}

export async function listPriceAlerts(ctx: AppContext, userId: string): Promise<PriceAlertList> {
  const mine = eq(priceAlerts.userId, userId);
  const [waiting, fired] = await Promise.all([
    ctx.db
      .select()
      .from(priceAlerts)
      .where(and(mine, isNull(priceAlerts.firedAt)))
      .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id)),
    ctx.db
      .select()
      .from(priceAlerts)
      .where(and(mine, isNotNull(priceAlerts.firedAt)))
      .orderBy(desc(priceAlerts.firedAt), desc(priceAlerts.id))
      .limit(firedShown),
  ]);
  return { items: [...waiting, ...fired].map(toAlert) };
}

export async function createPriceAlert(
  ctx: AppContext,
  userId: string,
  asset: Asset,
  input: PriceAlertInput,
  language: Language,
): Promise<PriceAlert> {
  const at = ctx.clock.now();
  const book = await readBook(ctx.database, at);
  const sell = book.prices.find((price) => price.symbol === asset.symbol)?.sell;
  if (sell === undefined) throw new Error(`the price book has no price for ${asset.symbol}`);
  const level = dec(input.price);
  if (input.direction === 'above' ? dec(sell).gte(level) : dec(sell).lte(level)) {
    throw invalidField(
      'price',
      input.direction === 'above'
        ? 'trading:alerts.errors.alreadyAbove'
        : 'trading:alerts.errors.alreadyBelow',
    );
  }
  return ctx.database.transaction(async (tx) => {
    // One customer's alerts are counted one request at a time.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('price_alerts'), hashtext(${userId}))`,
    );
    const [waiting] = await tx
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)));
    if ((waiting?.n ?? 0) >= maxActiveAlerts) {
      throw invalidField('price', 'trading:alerts.errors.tooMany');
    }
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        userId,
        symbol: asset.symbol,
        direction: input.direction,
        price: level.toFixed(),
        createdAt: at,
        language,
      })
      .returning();
    if (!row) throw new Error('insert returned no alert');
    return toAlert(row);
  });
}

export async function deletePriceAlert(ctx: AppContext, userId: string, id: string): Promise<void> {
  const removed = await ctx.db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such price alert.');
}
