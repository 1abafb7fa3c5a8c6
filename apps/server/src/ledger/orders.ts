// Limit orders in the ledger (decision 031): placing one reserves what it needs within the
// customer's vault (ledger_place_order, one round trip with its Idempotency-Key); a tick fills
// what the book crosses (ledger_fill_orders), a bounded batch per statement, each fill a movement
// of its own with its notice; a cancellation or an expiry releases the reservation
// (ledger_close_order). Notices are sent once each statement has committed.
import { randomUUID } from 'node:crypto';
import type { Language } from '@secure-vault/shared/i18n';
import type { LimitOrder, OrderSide } from '@secure-vault/shared/orders';
import type { Caller } from '../db/caller.ts';
import type { Database, Statement } from '../db/client.ts';
import type { Notice } from '../db/notices.ts';
import { callerActor, callerUser, sqlCall, sqlCallText } from '../db/sql-function.ts';
import { currentRequestId } from '../request-context.ts';
import { listedAssets } from './assets.ts';
import { ledgerCloseOrder, ledgerFillOrders, ledgerPlaceOrder } from './functions.ts';
import { type Idempotency, moveAs, movedAs, movementArgs, type Outcome } from './movement.ts';

export interface OrderPlacement {
  side: OrderSide;
  symbol: string;
  quantity: string;
  limitPrice: string;
  /** A buy's cash in whole cents, a sell's quantity. */
  reserved: string;
  expiresAt: Date | null;
  maxOpen: number;
  language: Language;
  at: Date;
  idempotency: Idempotency;
}

export function placeOrder(
  database: Database,
  caller: Caller,
  order: OrderPlacement,
): Promise<Outcome<LimitOrder>> {
  return moveAs<LimitOrder>(
    database,
    caller,
    sqlCall(ledgerPlaceOrder, {
      ...movementArgs(order.at, order.idempotency),
      p_id: randomUUID(),
      p_side: order.side,
      p_symbol: order.symbol,
      p_quantity: order.quantity,
      p_limit: order.limitPrice,
      p_reserve: order.reserved,
      p_expires: order.expiresAt?.toISOString() ?? null,
      p_language: order.language,
      p_max_open: order.maxOpen,
      p_assets: listedAssets,
      p_reference: randomUUID(),
    }),
  );
}

/** The customer's own cancellation: another customer's order is not found. */
export async function cancelOrder(
  database: Database,
  caller: Caller,
  input: { id: string; at: Date; appUrl: string },
): Promise<LimitOrder> {
  const { order } = await movedAs<{ order: LimitOrder }>(database, caller, {
    ...closeCall(input.id, 'cancelled', input.at, input.appUrl),
  });
  return order;
}

function closeCall(id: string, status: 'cancelled' | 'expired', at: Date, appUrl: string) {
  const call = sqlCall(ledgerCloseOrder, {
    p_id: id,
    p_user: status === 'cancelled' ? callerUser : null,
    p_status: status,
    p_actor: status === 'cancelled' ? callerActor : null,
    p_at: at.toISOString(),
    p_assets: listedAssets,
    p_app_url: appUrl,
    p_request: currentRequestId() ?? null,
  });
  // movedAs reads the outcome as an object: the order under a name of its own.
  return {
    ...call,
    text: (param: Parameters<typeof call.text>[0]) =>
      `jsonb_build_object('order', ${call.text(param)})`,
  };
}

/** How many orders one statement fills at most: a tick's transactions stay short. */
export const fillBatch = 500;

const openSymbolsStatement: Statement = {
  name: 'orders_open_symbols',
  text: `select distinct symbol from limit_orders where status = 'open'`,
};

/**
 * Fills every open order the book crosses, asset by asset, in statements of at most `fillBatch`
 * fills; returns how many filled. Safe with any number of processes at once (SKIP LOCKED).
 */
export async function fillCrossedOrders(
  database: Database,
  appUrl: string,
  at: Date,
  symbols?: readonly string[],
): Promise<number> {
  const wanted =
    symbols ??
    (await database.query<{ symbol: string }>(openSymbolsStatement, [])).map((row) => row.symbol);
  let filled = 0;
  for (const symbol of wanted) {
    for (;;) {
      const call = sqlCall(ledgerFillOrders, {
        p_symbol: symbol,
        p_at: at.toISOString(),
        p_max: fillBatch,
        p_assets: listedAssets,
        p_app_url: appUrl,
        // The mail is queued under the running request (or none), which deliverQueued sends.
        p_request: currentRequestId() ?? null,
      });
      const [row] = await database.query<{ outcome: { filled: number; notices: Notice[] } }>(
        {
          name: call.key,
          text: `select ledger_noticed(p_outcome => jsonb_build_object('filled', ${sqlCallText(call)})) as outcome`,
        },
        call.params,
      );
      const count = row?.outcome.filled ?? 0;
      if (row) database.publish(row.outcome.notices);
      filled += count;
      if (count < fillBatch) break;
    }
  }
  return filled;
}

const dueStatement: Statement = {
  name: 'orders_expired_due',
  text: `select id from limit_orders
    where status = 'open' and expires_at <= $1::timestamptz
    order by expires_at, id limit $2`,
};

/**
 * Expires the open orders past their day, at most `max`, each in a statement of its own that
 * releases its reservation and tells the customer; one filled or cancelled meanwhile is left as it
 * is. Returns how many expired.
 */
export async function expireOrders(
  database: Database,
  appUrl: string,
  at: Date,
  max = 100,
): Promise<number> {
  const due = await database.query<{ id: string }>(dueStatement, [at.toISOString(), max]);
  let expired = 0;
  for (const { id } of due) {
    const call = closeCall(id, 'expired', at, appUrl);
    const text = call.text((index) => `$${index}`);
    const [row] = await database
      .query<{ outcome: { notices: Notice[] } }>(
        { name: 'orders_expire', text: `select ledger_noticed(p_outcome => ${text}) as outcome` },
        call.params,
      )
      .catch((err: unknown) => {
        // Filled or cancelled since it was read: nothing to expire.
        if (isConflict(err)) return [];
        throw err;
      });
    if (row) {
      database.publish(row.outcome.notices);
      expired += 1;
    }
  }
  return expired;
}

function isConflict(err: unknown): boolean {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error && cause.message === 'CONFLICT';
}
