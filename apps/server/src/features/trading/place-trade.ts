// Buying and selling at listed prices (SPEC §9, DESIGN §2), in the caller's transaction: lock
// cash, then the position; move cash and the position by exactly quantity × price; journal
// both under one trade id; tell the user's open pages.
import { randomUUID } from 'node:crypto';
import type { TradeResult } from '@secure-vault/shared/history';
import type { TradeRequest } from '@secure-vault/shared/trading';
import { dec, toFixedString } from '@secure-vault/shared/money';
import { changeCash, lockCashPosition, notifyUser, type Tx } from '../vault/ledger.ts';
import { lockOrCreatePosition, lockPositionToSell, movePosition } from './positions.ts';
import { priceOrder, resolveAsset } from './pricing.ts';

export interface TradeInput {
  userId: string;
  /** The staff member acting through impersonation, else null. */
  actorId: string | null;
  order: TradeRequest;
  at: Date;
}

export async function placeTrade(tx: Tx, input: TradeInput): Promise<TradeResult> {
  const { userId, actorId, order, at } = input;
  const asset = resolveAsset(order.asset);
  const priced = priceOrder(asset, order);
  const quantity = dec(priced.quantity);
  const total = dec(priced.total);
  const reference = randomUUID();
  const movement = { userId, kind: order.side, reference, actorId };

  const cash = await lockCashPosition(tx, userId, at);
  let holdingQuantity;
  if (order.side === 'buy') {
    // Debit first: a customer who cannot afford it is refused before anything else is touched.
    await changeCash(tx, cash, userId, total.negated(), { kind: 'buy', reference, actorId }, at);
    const position = await lockOrCreatePosition(tx, userId, asset, at);
    ({ quantity: holdingQuantity } = await movePosition(
      tx,
      position,
      asset,
      quantity,
      movement,
      at,
    ));
  } else {
    const position = await lockPositionToSell(tx, userId, asset, quantity);
    ({ quantity: holdingQuantity } = await movePosition(
      tx,
      position,
      asset,
      quantity.negated(),
      movement,
      at,
    ));
    await changeCash(tx, cash, userId, total, { kind: 'sell', reference, actorId }, at);
  }
  await notifyUser(tx, userId, 'valuables');
  return {
    side: order.side,
    asset: asset.symbol,
    quantity: priced.quantity,
    price: priced.price,
    total: priced.total,
    cashBalance: toFixedString(cash.balance),
    holdingQuantity: toFixedString(holdingQuantity),
    reference,
  };
}
