// The customer's limit orders (contracts: shared/orders/contracts.ts): listed, placed and
// cancelled; and the staff view of one asset's open orders. The ledger reserves, fills and
// releases (ledger/orders.ts); this checks the terms as the web app previews them, and fills an
// order the book already crosses as soon as it is placed.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Asset, findAsset } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import { dec, sum } from '@secure-vault/shared/money';
import {
  type LimitOrder,
  type LimitOrderInput,
  type LimitOrderList,
  maxOpenOrders,
  maxOrderDays,
  type OpenOrders,
  orderExpiry,
  orderReservation,
} from '@secure-vault/shared/orders';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { limitOrders } from '../../db/orders-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError, invalidField } from '../../errors.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { cancelOrder, fillCrossedOrders, placeOrder } from '../../ledger/orders.ts';

type Row = typeof limitOrders.$inferSelect;

/** How many closed orders the list shows. */
const closedShown = 50;

const iso = (at: Date | null) => at?.toISOString() ?? null;
const trimmed = (value: string | null) => (value === null ? null : dec(value).toFixed());

function toLimitOrder(row: Row): LimitOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    quantity: dec(row.quantity).toFixed(),
    limitPrice: dec(row.limitPrice).toFixed(),
    reserved: row.side === 'buy' ? dec(row.reserved).toFixed(2) : dec(row.reserved).toFixed(),
    status: row.status,
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    closedAt: iso(row.closedAt),
    fillPrice: trimmed(row.fillPrice),
    fillTotal: row.fillTotal === null ? null : dec(row.fillTotal).toFixed(2),
  };
}

export function resolveAsset(symbol: string): Asset {
  const asset = findAsset(symbol);
  if (!asset) throw new AppError('UNKNOWN_ASSET', `There is no asset "${symbol}".`);
  return asset;
}

export async function listLimitOrders(ctx: AppContext, userId: string): Promise<LimitOrderList> {
  const mine = eq(limitOrders.userId, userId);
  const [open, closed] = await Promise.all([
    ctx.db
      .select()
      .from(limitOrders)
      .where(and(mine, eq(limitOrders.status, 'open')))
      .orderBy(desc(limitOrders.createdAt), desc(limitOrders.id)),
    ctx.db
      .select()
      .from(limitOrders)
      .where(and(mine, sql`${limitOrders.status} <> 'open'`))
      .orderBy(desc(limitOrders.closedAt), desc(limitOrders.id))
      .limit(closedShown),
  ]);
  return { items: [...open, ...closed].map(toLimitOrder) };
}

const dayMs = 86_400_000;

/** The end of the chosen day, which must be today (UTC) at the earliest and a year ahead at most. */
function expiryOf(goodUntil: string | null, at: Date): Date | null {
  if (goodUntil === null) return null;
  const expiresAt = orderExpiry(goodUntil);
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (
    expiresAt.getTime() <= at.getTime() ||
    expiresAt.getTime() > today + (maxOrderDays + 1) * dayMs
  ) {
    throw invalidField('goodUntil', 'trading:orders.errors.dateRange');
  }
  return expiresAt;
}

const termsErrors = {
  QUANTITY_INVALID: [
    'QUANTITY_INVALID',
    'Enter a quantity above zero, within the asset’s decimals.',
  ],
  TOO_LARGE: ['QUANTITY_INVALID', 'This order is larger than any the platform takes.'],
  BELOW_MINIMUM: ['BELOW_MINIMUM', 'An order must be worth at least $0.01 at its limit.'],
} as const;

export async function placeLimitOrder(
  ctx: AppContext,
  caller: Caller,
  input: { order: LimitOrderInput; language: Language; idempotency: Idempotency },
): Promise<Outcome<LimitOrder>> {
  const { order } = input;
  const asset = resolveAsset(order.symbol);
  const terms = orderReservation(asset, order);
  if (!terms.ok) {
    const [code, message] = termsErrors[terms.error];
    throw new AppError(code, message);
  }
  const at = ctx.clock.now();
  const outcome = await placeOrder(ctx.database, caller, {
    side: order.side,
    symbol: asset.symbol,
    quantity: terms.quantity,
    limitPrice: dec(order.limitPrice).toFixed(),
    reserved: terms.reserved,
    expiresAt: expiryOf(order.goodUntil, at),
    maxOpen: maxOpenOrders,
    language: input.language,
    at,
    idempotency: input.idempotency,
  });
  if (outcome.isReplay) return outcome;
  // An order the book already crosses fills now, as it would at the next tick.
  const filled = await fillCrossedOrders(ctx.database, ctx.config.appUrl, at, [asset.symbol]);
  if (filled === 0) return outcome;
  await ctx.mailer.deliverQueued(at);
  const [now] = await ctx.db.select().from(limitOrders).where(eq(limitOrders.id, outcome.body.id));
  return now ? { ...outcome, body: toLimitOrder(now) } : outcome;
}

export function cancelLimitOrder(ctx: AppContext, caller: Caller, id: string): Promise<LimitOrder> {
  return cancelOrder(ctx.database, caller, { id, at: ctx.clock.now(), appUrl: ctx.config.appUrl });
}

export async function listOpenOrders(ctx: AppContext, symbol: string): Promise<OpenOrders> {
  const asset = resolveAsset(symbol);
  const rows = await ctx.db
    .select({ order: limitOrders, email: users.email })
    .from(limitOrders)
    .innerJoin(users, eq(users.id, limitOrders.userId))
    .where(and(eq(limitOrders.symbol, asset.symbol), eq(limitOrders.status, 'open')))
    .orderBy(asc(limitOrders.side), desc(limitOrders.limitPrice), asc(limitOrders.createdAt));
  const of = (side: 'buy' | 'sell') =>
    sum(rows.filter((row) => row.order.side === side).map((row) => row.order.reserved));
  return {
    symbol: asset.symbol,
    items: rows.map((row) => ({ ...toLimitOrder(row.order), email: row.email })),
    reservedCash: of('buy').toFixed(2),
    reservedQuantity: of('sell').toFixed(),
  };
}
