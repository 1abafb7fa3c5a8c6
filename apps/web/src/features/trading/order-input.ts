// The two-way order calculator: a quantity or a dollar amount typed by the customer, priced with
// the shared quote() at the price the screen shows (the book's on the order's side; SPEC §9's
// listed price by default) exactly as the server will price it, and the other field filled in.
// Pure functions, so the arithmetic is tested without a screen.
import type { Asset } from '@secure-vault/shared/catalogue';
import { isOneOf } from '@secure-vault/shared/guards';
import {
  centsDown,
  dec,
  decimalPattern,
  decimalPlaces,
  usdScale,
} from '@secure-vault/shared/money';
import {
  type Quote,
  quote,
  type TradeRequest,
  tradeRequestSchema,
  type TradeSide,
} from '@secure-vault/shared/trading';
import { z } from 'zod';
import { normalizeDecimal } from '@/lib/money';

export type OrderField = 'quantity' | 'total';

/** The two inputs as shown, and which one the customer typed last (the other is computed). */
export interface OrderInput {
  edited: OrderField;
  quantity: string;
  total: string;
}

/** How a screen shows figures (SPEC §9: metals mg 3, crypto units 8; money in cents, DESIGN §2). */
export interface OrderRules {
  quantityDisplayDecimals: number;
  totalDisplayDecimals: number;
}

// Cash is always whole cents (DESIGN §2), so a metal's total shows and takes cents too.
export const metalRules: OrderRules = {
  quantityDisplayDecimals: 3,
  totalDisplayDecimals: 2,
};

export const cryptoRules: OrderRules = {
  quantityDisplayDecimals: 8,
  totalDisplayDecimals: 2,
};

const orderProblems = ['QUANTITY_INVALID', 'TOTAL_INVALID', 'BELOW_MINIMUM', 'TOO_LARGE'] as const;
export type OrderProblem = (typeof orderProblems)[number];

export type OrderEvaluation =
  | { status: 'empty' }
  | { status: 'invalid'; problem: OrderProblem }
  | { status: 'ok'; quote: Quote; order: { quantity: string } | { total: string } };

function isNonNegativeDecimal(value: string): boolean {
  return decimalPattern.test(value) && !value.startsWith('-');
}

/**
 * Prices what the customer typed at `price`; `order` is what to send. The quote's price goes with
 * it as the price shown, which the server only compares with its book (PRICE_CHANGED).
 */
export function evaluateOrder(
  asset: Asset,
  input: Pick<OrderInput, 'edited' | 'quantity' | 'total'>,
  side: TradeSide,
  price: string = asset.price,
): OrderEvaluation {
  const text = normalizeDecimal(input.edited === 'quantity' ? input.quantity : input.total);
  if (text === '') return { status: 'empty' };
  if (input.edited === 'quantity') {
    const result = quote(asset, { quantity: text }, side, price);
    return result.ok
      ? { status: 'ok', quote: result.quote, order: { quantity: text } }
      : { status: 'invalid', problem: result.error };
  }
  // A dollar amount is whole cents (DESIGN §2).
  if (!isNonNegativeDecimal(text) || decimalPlaces(text) > usdScale || dec(text).isZero()) {
    return { status: 'invalid', problem: 'TOTAL_INVALID' };
  }
  const result = quote(asset, { total: text }, side, price);
  return result.ok
    ? { status: 'ok', quote: result.quote, order: { total: text } }
    : { status: 'invalid', problem: result.error };
}

/** The inputs after the customer types `text` into `field`: the other field is recomputed. */
export function editOrder(
  asset: Asset,
  rules: OrderRules,
  field: OrderField,
  text: string,
  side: TradeSide,
  price: string = asset.price,
): OrderInput {
  const typed: OrderInput = { edited: field, quantity: '', total: '', [field]: text };
  const evaluation = evaluateOrder(asset, typed, side, price);
  if (evaluation.status !== 'ok') return typed;
  return field === 'quantity'
    ? { ...typed, total: dec(evaluation.quote.total).toFixed(rules.totalDisplayDecimals) }
    : {
        ...typed,
        quantity: dec(evaluation.quote.quantity).toFixed(rules.quantityDisplayDecimals),
      };
}

/**
 * What the customer lacks for a priced order, known before the click from the balance on screen:
 * the cash it needs (and the most that cash buys) or the holding it sells (DESIGN §2: cash is
 * whole cents, so the most is what the cash, spent by amount, buys). Null when it is covered or
 * the balance is not known yet; the server checks again either way.
 */
export type Shortfall =
  | { kind: 'cash'; needed: string; available: string; most: Quote | null }
  | { kind: 'holding'; held: string };

export function shortfallOf(
  asset: Asset,
  side: TradeSide,
  priced: Quote,
  balances: { cash: string | null; held: string | null },
): Shortfall | null {
  if (side === 'buy') {
    const { cash } = balances;
    if (cash === null || !dec(priced.total).greaterThan(cash)) return null;
    const spendable = centsDown(cash);
    const most = spendable.greaterThan(0)
      ? quote(asset, { total: spendable.toFixed(usdScale) }, 'buy', priced.price)
      : null;
    return {
      kind: 'cash',
      needed: priced.total,
      available: cash,
      most: most?.ok ? most.quote : null,
    };
  }
  const { held } = balances;
  if (held === null || !dec(priced.quantity).greaterThan(held)) return null;
  return { kind: 'holding', held };
}

/** A held quantity as a typed value: "1754.38500000" → "1754.385". */
export function heldQuantityText(quantity: string): string {
  return normalizeDecimal(quantity);
}

/** Why the order form cannot be sent: a priced problem, or nothing typed yet. */
type OrderFormProblem = OrderProblem | 'EMPTY';

/**
 * The priced problem an order field's error names (orderFormSchema puts its code in the
 * message); null for no error and for EMPTY, which is not shown under the field.
 */
export function orderProblemOf(message: string | undefined): OrderProblem | null {
  return isOneOf(orderProblems, message) ? message : null;
}

const orderFieldsSchema = z.object({
  edited: z.enum(['quantity', 'total']),
  quantity: z.string(),
  total: z.string(),
});

/**
 * The order form's schema: what the customer typed, priced at `price` exactly as the server will
 * price it. A problem lands on the field they typed in (its message is the problem's code); the
 * output is the body of the placeTrade contract with the price shown, checked by that contract's
 * own schema.
 */
export function orderFormSchema(asset: Asset, side: TradeSide, price: string = asset.price) {
  return orderFieldsSchema.transform((input, context): TradeRequest => {
    const evaluation = evaluateOrder(asset, input, side, price);
    if (evaluation.status !== 'ok') {
      const problem: OrderFormProblem =
        evaluation.status === 'empty' ? 'EMPTY' : evaluation.problem;
      context.addIssue({ code: 'custom', path: [input.edited], message: problem });
      return z.NEVER;
    }
    const body = tradeRequestSchema.safeParse({
      side,
      asset: asset.symbol,
      ...evaluation.order,
      price: evaluation.quote.price,
    });
    if (!body.success) {
      context.addIssue({ code: 'custom', path: [input.edited], message: 'QUANTITY_INVALID' });
      return z.NEVER;
    }
    return body.data;
  });
}
