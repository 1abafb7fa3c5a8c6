// The two-way order calculator: a quantity or a dollar amount typed by the customer, priced with
// the shared quote() exactly as the server will price it, and the other field filled in.
// Pure functions, so the arithmetic is tested without a screen.
import { type Asset, priceOf, quantityDecimals } from '@secure-vault/shared/catalogue';
import { Dec, dec, decimalPattern, decimalPlaces } from '@secure-vault/shared/money';
import { type Quote, quote } from '@secure-vault/shared/trading';
import { normalizeDecimal } from '@/lib/trade';

export type OrderField = 'quantity' | 'total';

/** The two inputs as shown, and which one the customer typed last (the other is computed). */
export interface OrderInput {
  edited: OrderField;
  quantity: string;
  total: string;
}

/** How a screen shows and accepts figures (SPEC §9: metals mg 3 / price 6, crypto units 8 / total 2). */
export interface OrderRules {
  quantityDisplayDecimals: number;
  totalDisplayDecimals: number;
  /** Decimals a typed dollar amount may have; beyond 2 the order goes by quantity. */
  totalInputDecimals: number;
}

export const metalRules: OrderRules = {
  quantityDisplayDecimals: 3,
  totalDisplayDecimals: 6,
  totalInputDecimals: 6,
};

export const cryptoRules: OrderRules = {
  quantityDisplayDecimals: 8,
  totalDisplayDecimals: 2,
  totalInputDecimals: 2,
};

export type OrderProblem = 'QUANTITY_INVALID' | 'TOTAL_INVALID' | 'BELOW_MINIMUM' | 'TOO_LARGE';

export type OrderEvaluation =
  | { status: 'empty' }
  | { status: 'invalid'; problem: OrderProblem }
  | { status: 'ok'; quote: Quote; order: { quantity: string } | { total: string } };

function isNonNegativeDecimal(value: string): boolean {
  return decimalPattern.test(value) && !value.startsWith('-');
}

/** Prices what the customer typed; `order` is what to send (never a price: the server has it). */
export function evaluateOrder(
  asset: Asset,
  input: Pick<OrderInput, 'edited' | 'quantity' | 'total'>,
  rules: OrderRules,
): OrderEvaluation {
  const text = normalizeDecimal(input.edited === 'quantity' ? input.quantity : input.total);
  if (text === '') return { status: 'empty' };
  if (input.edited === 'quantity') {
    const result = quote(asset, { quantity: text });
    return result.ok
      ? { status: 'ok', quote: result.quote, order: { quantity: text } }
      : { status: 'invalid', problem: result.error };
  }
  if (!isNonNegativeDecimal(text) || decimalPlaces(text) > rules.totalInputDecimals) {
    return { status: 'invalid', problem: 'TOTAL_INVALID' };
  }
  if (dec(text).isZero()) return { status: 'invalid', problem: 'TOTAL_INVALID' };
  if (decimalPlaces(text) <= 2) {
    const result = quote(asset, { total: text });
    return result.ok
      ? { status: 'ok', quote: result.quote, order: { total: text } }
      : { status: 'invalid', problem: result.error };
  }
  // An amount with more than cents (the metal calculator allows 6 decimals): buy what it pays
  // for, rounded down to the asset's step, and order that quantity.
  const quantity = dec(text)
    .dividedBy(priceOf(asset))
    .toDecimalPlaces(quantityDecimals(asset), Dec.ROUND_DOWN);
  if (quantity.isZero()) return { status: 'invalid', problem: 'BELOW_MINIMUM' };
  const typed = normalizeDecimal(quantity.toFixed());
  const result = quote(asset, { quantity: typed });
  return result.ok
    ? { status: 'ok', quote: result.quote, order: { quantity: typed } }
    : { status: 'invalid', problem: result.error };
}

/** The inputs after the customer types `text` into `field`: the other field is recomputed. */
export function editOrder(
  asset: Asset,
  rules: OrderRules,
  field: OrderField,
  text: string,
): OrderInput {
  const typed: OrderInput = { edited: field, quantity: '', total: '', [field]: text };
  const evaluation = evaluateOrder(asset, typed, rules);
  if (evaluation.status !== 'ok') return typed;
  return field === 'quantity'
    ? { ...typed, total: dec(evaluation.quote.total).toFixed(rules.totalDisplayDecimals) }
    : {
        ...typed,
        quantity: dec(evaluation.quote.quantity).toFixed(rules.quantityDisplayDecimals),
      };
}

/** A held quantity as a typed value: "1754.38500000" → "1754.385". */
export function heldQuantityText(quantity: string): string {
  return normalizeDecimal(quantity);
}
