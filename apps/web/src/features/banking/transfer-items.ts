// What /transfer-assets can send (SPEC §2, §5 "Transfer asset"; DESIGN §5) and the form that
// picks it: which of the customer's valuables may move, how much of each (part of cash or of a
// traded position, or the whole of any other item), and the checks the server makes again, so
// most refusals are seen before the review. Messages are locale keys, translated where shown.
import { z } from 'zod';
import {
  type Asset,
  cashSymbol,
  findAsset,
  priceOf,
  quantityDecimals,
} from '@secure-vault/shared/catalogue';
import { dec, usdScale } from '@secure-vault/shared/money';
import { accountNumberSchema, type TransferRequest } from '@secure-vault/shared/transfers';
import type { Valuable } from '@secure-vault/shared/vault';
import { decimalsOf, normalizeDecimal } from '@/lib/money';

/** Cash moves in dollars; a traded position by quantity; anything else as a whole. */
export type TransferKind = 'cash' | 'position' | 'whole';

/** Why a valuable the customer sees cannot move now. */
export type UnavailableReason = 'locked' | 'in_delivery' | 'reserved';

export interface TransferItem {
  valuable: Valuable;
  kind: TransferKind;
  /** The listed asset of a traded position, when the catalogue knows it. */
  asset: Asset | null;
  /** The most that may be sent: dollars for cash, the quantity for a position; null otherwise. */
  available: string | null;
  /** Decimals a typed amount may have: cents for cash, the asset's smallest unit otherwise. */
  decimals: number;
  unavailable: UnavailableReason | null;
}

function kindOf(valuable: Valuable): TransferKind {
  if (valuable.assetSymbol === cashSymbol) return 'cash';
  return valuable.assetSymbol ? 'position' : 'whole';
}

/** Locked for a term, out for delivery, or held for an open limit order: none of them moves. */
function unavailableReason(valuable: Valuable): UnavailableReason | null {
  const { status } = valuable;
  return status === 'locked' || status === 'in_delivery' || status === 'reserved' ? status : null;
}

function toItem(valuable: Valuable): TransferItem {
  const kind = kindOf(valuable);
  const asset = kind === 'position' ? (findAsset(valuable.assetSymbol ?? '') ?? null) : null;
  const available =
    kind === 'cash' ? valuable.estimatedValue : kind === 'position' ? valuable.quantity : null;
  return {
    valuable,
    kind,
    asset,
    available,
    decimals: kind === 'cash' ? usdScale : asset ? quantityDecimals(asset) : 8,
    unavailable: unavailableReason(valuable),
  };
}

/**
 * The valuables the picker lists: active ones that can move, and locked, in-delivery or reserved
 * ones shown disabled with their reason. Left out: negative entries, and cash or positions with nothing in
 * them. An item staff valued at nothing (no estimate) still moves as a whole. Cash comes first,
 * then positions, then the other items, each group in the order the server gave.
 */
export function transferItems(valuables: readonly Valuable[]): TransferItem[] {
  const order: Record<TransferKind, number> = { cash: 0, position: 1, whole: 2 };
  return valuables
    .filter((valuable) => valuable.status !== 'delivered')
    .filter((valuable) => valuable.estimatedValue === null || dec(valuable.estimatedValue).gte(0))
    .map(toItem)
    .filter((item) => item.kind === 'whole' || dec(item.available ?? '0').greaterThan(0))
    .map((item, index) => ({ item, index }))
    .sort((a, b) => order[a.item.kind] - order[b.item.kind] || a.index - b.index)
    .map(({ item }) => item);
}

/** True when the customer can send at least one of the listed items. */
export function hasTransferable(items: readonly TransferItem[]): boolean {
  return items.some((item) => item.unavailable === null);
}

/** The receiver's number as typed: digits only, at most 10 (SPEC §5). */
export function accountNumberInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 10);
}

/**
 * The dollars a transfer of `quantity` moves, as the server values it: the amount itself for
 * cash, the quantity at the listed price for a traded position, and the whole value for any
 * other item. Null when an item has no estimate.
 */
export function transferValue(item: TransferItem, quantity: string | undefined): string | null {
  const { estimatedValue } = item.valuable;
  if (item.kind === 'cash') return quantity ?? estimatedValue;
  if (item.kind === 'position' && item.asset) {
    return priceOf(item.asset)
      .times(quantity ?? item.available ?? '0')
      .toFixed();
  }
  return estimatedValue;
}

export const transferFormDefaults = { valuableId: '', quantity: '', receiverAccountNumber: '' };
export type TransferFormValues = typeof transferFormDefaults;

const fillAll = 'transfers:errors.assetRequired';

/** Why a typed amount cannot be sent, or null when it can. */
function quantityProblem(item: TransferItem, text: string): string | null {
  const invalid =
    item.kind === 'cash' ? 'transfers:errors.amountInvalid' : 'transfers:errors.quantityInvalid';
  const value = normalizeDecimal(text);
  if (!/^\d+(\.\d+)?$/.test(value) || !dec(value).greaterThan(0)) return invalid;
  if (decimalsOf(value) > item.decimals) return invalid;
  if (item.available !== null && dec(value).greaterThan(item.available)) {
    return item.kind === 'cash'
      ? 'transfers:problems.moreThanCash'
      : 'transfers:problems.moreThanHeld';
  }
  return null;
}

/**
 * The details form: the item, the amount where one is needed, and the receiver's number checked
 * with the shared `accountNumberSchema` (10 digits, Luhn). Its output is the request's body.
 */
export function transferFormSchema(items: readonly TransferItem[]) {
  return z
    .object({ valuableId: z.string(), quantity: z.string(), receiverAccountNumber: z.string() })
    .superRefine((values, context) => {
      const item = items.find((candidate) => candidate.valuable.id === values.valuableId);
      if (!item || item.unavailable) {
        context.addIssue({ code: 'custom', path: ['valuableId'], message: fillAll });
      } else if (item.kind !== 'whole') {
        const problem =
          values.quantity.trim() === '' ? fillAll : quantityProblem(item, values.quantity);
        if (problem) context.addIssue({ code: 'custom', path: ['quantity'], message: problem });
      }
      const number = values.receiverAccountNumber.trim();
      const checked = accountNumberSchema.safeParse(number);
      if (number === '' || !checked.success) {
        context.addIssue({
          code: 'custom',
          path: ['receiverAccountNumber'],
          message: number === '' ? fillAll : (checked.error?.issues[0]?.message ?? fillAll),
        });
      }
    })
    .transform((values): TransferRequest => {
      const item = items.find((candidate) => candidate.valuable.id === values.valuableId);
      const body: TransferRequest = {
        receiverAccountNumber: values.receiverAccountNumber.trim(),
        valuableId: values.valuableId,
      };
      if (item && item.kind !== 'whole') body.quantity = normalizeDecimal(values.quantity);
      return body;
    });
}

/** The eight first characters of a transfer's id, as customers read a reference out. */
export function shortReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}
