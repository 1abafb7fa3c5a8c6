// Swapping one traded holding for another at listed prices (DESIGN §5), in the caller's
// transaction. Selling q of `from` frees V = q × p_from; `to` gets V ÷ p_to rounded down to its
// quantity step, worth exactly that quantity × p_to; the remainder (under one step of `to`)
// goes to cash. Journal, all under one swap id: swap_out on the `from` position, swap_in on the
// `to` position, and — only when there is a remainder — a swap_out row crediting cash, as it is
// the part of the out leg's proceeds that did not go into the in leg.
import { randomUUID } from 'node:crypto';
import { priceOf, quantityDecimals } from '@secure-vault/shared/catalogue';
import type { SwapResult } from '@secure-vault/shared/history';
import { Dec, dec, toFixedString } from '@secure-vault/shared/money';
import type { SwapRequest } from '@secure-vault/shared/trading';
import { AppError } from '../../http/errors.ts';
import { changeCash, lockCashPosition, notifyUser, type Tx } from '../vault/ledger.ts';
import {
  lockOrCreatePosition,
  lockPositionToSell,
  movePosition,
  type Position,
} from './positions.ts';
import { priceOrder, resolveAsset } from './pricing.ts';

export interface SwapInput {
  userId: string;
  actorId: string | null;
  swap: SwapRequest;
  at: Date;
}

export async function swapAssets(tx: Tx, input: SwapInput): Promise<SwapResult> {
  const { userId, actorId, swap, at } = input;
  const from = resolveAsset(swap.from);
  const to = resolveAsset(swap.to);
  if (from.symbol === to.symbol) {
    throw new AppError('VALIDATION', 'Choose two different assets.', {
      issues: [{ path: 'body.to', message: 'trading:errors.sameAsset' }],
    });
  }
  const out = priceOrder(from, { quantity: swap.quantity });
  const quantity = dec(out.quantity);
  const value = dec(out.total);
  const toQuantity = value
    .dividedBy(priceOf(to))
    .toDecimalPlaces(quantityDecimals(to), Dec.ROUND_DOWN);
  if (toQuantity.isZero()) {
    throw new AppError('BELOW_MINIMUM', `That is less than the smallest amount of ${to.name}.`);
  }
  const toValue = toQuantity.times(priceOf(to));
  const remainder = value.minus(toValue);
  const reference = randomUUID();

  const cash = await lockCashPosition(tx, userId, at);
  let fromPosition: Position;
  let toPosition: Position;
  if (from.symbol < to.symbol) {
    fromPosition = await lockPositionToSell(tx, userId, from, quantity);
    toPosition = await lockOrCreatePosition(tx, userId, to, at);
  } else {
    toPosition = await lockOrCreatePosition(tx, userId, to, at);
    fromPosition = await lockPositionToSell(tx, userId, from, quantity);
  }
  const movement = { userId, reference, actorId };
  await movePosition(
    tx,
    fromPosition,
    from,
    quantity.negated(),
    { ...movement, kind: 'swap_out' },
    at,
  );
  await movePosition(tx, toPosition, to, toQuantity, { ...movement, kind: 'swap_in' }, at);
  if (remainder.greaterThan(0)) {
    await changeCash(tx, cash, userId, remainder, { kind: 'swap_out', reference, actorId }, at);
  }
  await notifyUser(tx, userId, 'valuables');
  return {
    from: { asset: from.symbol, quantity: out.quantity, value: out.total },
    to: {
      asset: to.symbol,
      quantity: toFixedString(toQuantity),
      value: toFixedString(toValue),
    },
    cashRemainder: toFixedString(remainder),
    cashBalance: toFixedString(cash.balance),
    reference,
  };
}
