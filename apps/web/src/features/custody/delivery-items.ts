// What Settings' delivery request can send (SPEC §2, §5 "Delivery request"; DESIGN §5 Delivery):
// physical items and metals only, a whole valuable or part of a metal position, nothing locked
// for a term or already on its way. Cash (withdrawn to a bank instead) and crypto are listed but
// cannot be chosen, each with its own reason. The form's schema checks each field with the shared `deliveryRequestSchema`, so the
// messages are the server's own keys, and its output is the request's body.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import {
  type Asset,
  cashSymbol,
  findAsset,
  quantityDecimals,
} from '@secure-vault/shared/catalogue';
import { type DeliveryRequest, deliveryRequestSchema } from '@secure-vault/shared/custody';
import { dec } from '@secure-vault/shared/money';
import type { Valuable } from '@secure-vault/shared/vault';
import { decimalsOf, normalizeDecimal } from '@/lib/money';

/** A metal position may go in part (by milligram); anything else physical goes whole. */
export type DeliveryKind = 'metal' | 'whole' | 'digital';

/** Why a listed valuable cannot be chosen: cash has its own way out (a withdrawal to a bank). */
export type UndeliverableReason = 'cash' | 'digital' | 'locked' | 'in_delivery' | 'reserved';

export interface DeliveryItem {
  valuable: Valuable;
  kind: DeliveryKind;
  /** The listed metal of a position, when the catalogue knows it. */
  asset: Asset | null;
  /** Milligrams held, for a metal position; null otherwise. */
  available: string | null;
  /** Decimals a typed quantity may have (milligrams: 3). */
  decimals: number;
  unavailable: UndeliverableReason | null;
}

/** SPEC §3: cash entries may carry "Cash" or "cash". */
function isCashEntry(valuable: Valuable): boolean {
  return valuable.assetSymbol === cashSymbol || valuable.itemType.toLowerCase() === 'cash';
}

function kindOf(valuable: Valuable, asset: Asset | null): DeliveryKind {
  // Crypto entries may carry "Cryptocurrency" or "crypto".
  const type = valuable.itemType.toLowerCase();
  if (isCashEntry(valuable) || type === 'crypto') return 'digital';
  if (asset?.kind === 'crypto') return 'digital';
  if (asset?.kind === 'metal' || (valuable.assetSymbol && valuable.unit === 'mg')) return 'metal';
  return 'whole';
}

function toItem(valuable: Valuable): DeliveryItem {
  const found = valuable.assetSymbol ? findAsset(valuable.assetSymbol) : undefined;
  const asset = found ?? null;
  const kind = kindOf(valuable, asset);
  const unavailable: UndeliverableReason | null =
    kind === 'digital'
      ? isCashEntry(valuable)
        ? 'cash'
        : 'digital'
      : valuable.status === 'locked' ||
          valuable.status === 'in_delivery' ||
          valuable.status === 'reserved'
        ? valuable.status
        : null;
  return {
    valuable,
    kind,
    asset,
    available: kind === 'metal' ? (valuable.quantity ?? '0') : null,
    decimals: asset ? quantityDecimals(asset) : 3,
    unavailable,
  };
}

/** What a position holds: dollars for cash (its amount is its value), else the quantity. */
function heldOf(valuable: Valuable): string {
  return (valuable.assetSymbol === cashSymbol ? valuable.estimatedValue : valuable.quantity) ?? '0';
}

/**
 * The valuables the picker lists: the ones that can be delivered first, then the others, shown
 * disabled with their reason; each group in the order the server gave (by name). Left out:
 * negative entries (reductions), and positions or cash with nothing in them.
 */
export function deliveryItems(valuables: readonly Valuable[]): DeliveryItem[] {
  return valuables
    .filter((valuable) => valuable.status !== 'delivered')
    .filter((valuable) => valuable.estimatedValue === null || dec(valuable.estimatedValue).gte(0))
    .filter((valuable) => !valuable.assetSymbol || dec(heldOf(valuable)).greaterThan(0))
    .map(toItem)
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        Number(a.item.unavailable !== null) - Number(b.item.unavailable !== null) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

export function hasDeliverable(items: readonly DeliveryItem[]): boolean {
  return items.some((item) => item.unavailable === null);
}

export const deliveryFormDefaults = {
  valuableId: '',
  quantity: '',
  recipientName: '',
  recipientEmail: '',
  recipientPhone: '',
  recipientAddress: '',
};
export type DeliveryFormValues = typeof deliveryFormDefaults;

const fillAll = 'custody:errors.allRequired';
const quantityInvalid = 'custody:errors.quantityInvalid';
export const moreThanHeld = 'custody:delivery.errors.moreThanHeld';

const fields = deliveryRequestSchema.shape;
type RecipientField = 'recipientName' | 'recipientEmail' | 'recipientPhone' | 'recipientAddress';
const recipientFields: readonly RecipientField[] = [
  'recipientName',
  'recipientEmail',
  'recipientPhone',
  'recipientAddress',
];

/** The shared schema's message for a field, or null when it is fine; empty is "fill in all". */
function fieldProblem(name: RecipientField, value: string): string | null {
  if (value.trim() === '') return fillAll;
  const checked = fields[name].safeParse(name === 'recipientEmail' ? value.trim() : value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? fillAll);
}

/** Why a typed quantity cannot go, or null when it can. */
function quantityProblem(item: DeliveryItem, text: string): string | null {
  if (text.trim() === '') return fillAll;
  const value = normalizeDecimal(text);
  if (!fields.quantity.safeParse(value).success || decimalsOf(value) > item.decimals) {
    return quantityInvalid;
  }
  if (item.available !== null && dec(value).greaterThan(item.available)) return moreThanHeld;
  return null;
}

/** "+971501234567" → "+971 50 123 4567": how staff and the courier read it back. */
export function internationalPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim());
  return parsed ? parsed.formatInternational() : value.trim();
}

/** The request form: every field required (SPEC §5), the quantity only for a metal position. */
export function deliveryFormSchema(items: readonly DeliveryItem[]) {
  const find = (id: string) => items.find((candidate) => candidate.valuable.id === id);
  return z
    .object({
      valuableId: z.string(),
      quantity: z.string(),
      recipientName: z.string(),
      recipientEmail: z.string(),
      recipientPhone: z.string(),
      recipientAddress: z.string(),
    })
    .superRefine((values, context) => {
      const item = find(values.valuableId);
      if (!item || item.unavailable) {
        context.addIssue({ code: 'custom', path: ['valuableId'], message: fillAll });
      } else if (item.kind === 'metal') {
        const problem = quantityProblem(item, values.quantity);
        if (problem) context.addIssue({ code: 'custom', path: ['quantity'], message: problem });
      }
      for (const name of recipientFields) {
        const problem = fieldProblem(name, values[name]);
        if (problem) context.addIssue({ code: 'custom', path: [name], message: problem });
      }
    })
    .transform((values): DeliveryRequest => {
      const body: DeliveryRequest = {
        valuableId: values.valuableId,
        recipientName: values.recipientName.trim(),
        recipientEmail: values.recipientEmail.trim().toLowerCase(),
        recipientPhone: internationalPhone(values.recipientPhone),
        recipientAddress: values.recipientAddress.trim(),
      };
      if (find(values.valuableId)?.kind === 'metal') {
        body.quantity = normalizeDecimal(values.quantity);
      }
      return body;
    });
}
