// What a swap will do, priced exactly as the server prices it (DESIGN §2, §5) by the shared
// quoteSwap at the prices the screen shows (the book's: what `from` sells for, what `to` costs;
// SPEC §9's listed prices by default): the quantity given sells at its value rounded down to the
// cent; the target gets those cents ÷ its price rounded down to its quantity step; whole cents
// left come back as cash.
import { type Asset, findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { type SwapRequest, quoteSwap, swapRequestSchema } from '@secure-vault/shared/trading';
import { z } from 'zod';
import { isOneOf } from '@secure-vault/shared/guards';
import { normalizeDecimal } from '@/lib/money';

const swapProblems = [
  'QUANTITY_INVALID',
  'BELOW_MINIMUM',
  'TOO_LARGE',
  'INSUFFICIENT_HOLDING',
  'SAME_ASSET',
] as const;
export type SwapProblem = (typeof swapProblems)[number];

/**
 * The problem the quantity's error names (swapFormSchema puts its code in the message); null for
 * no error and for EMPTY, which is not shown under the field.
 */
export function swapProblemOf(message: string | undefined): SwapProblem | null {
  return isOneOf(swapProblems, message) ? message : null;
}

export type SwapPreview =
  | { status: 'empty' }
  | { status: 'invalid'; problem: SwapProblem }
  | {
      status: 'ok';
      /** The quantity to send, as typed without trailing zeros. */
      quantity: string;
      /** `price`: what one mg or unit of `from` sells for, of `to` costs. */
      give: { quantity: string; price: string; value: string };
      receive: { quantity: string; price: string; value: string };
      cashRemainder: string;
    };

/** The prices a swap is shown at: `from`'s sell price and `to`'s buy price. */
export interface SwapPrices {
  from: string;
  to: string;
}

function listedPrices(from: Asset, to: Asset): SwapPrices {
  return { from: from.price, to: to.price };
}

export function previewSwap(
  from: Asset,
  to: Asset,
  quantityText: string,
  held: string,
  prices: SwapPrices = listedPrices(from, to),
): SwapPreview {
  const quantity = normalizeDecimal(quantityText);
  if (quantity === '') return { status: 'empty' };
  if (from.symbol === to.symbol) return { status: 'invalid', problem: 'SAME_ASSET' };
  const priced = quoteSwap(from, to, quantity, prices);
  if (!priced.ok) {
    return {
      status: 'invalid',
      problem: priced.error === 'TOTAL_INVALID' ? 'QUANTITY_INVALID' : priced.error,
    };
  }
  const { swap } = priced;
  if (dec(swap.from.quantity).greaterThan(held)) {
    return { status: 'invalid', problem: 'INSUFFICIENT_HOLDING' };
  }
  return {
    status: 'ok',
    quantity,
    give: { quantity: swap.from.quantity, price: swap.from.price, value: swap.from.proceeds },
    receive: { quantity: swap.to.quantity, price: swap.to.price, value: swap.to.value },
    cashRemainder: swap.cashBack,
  };
}

/**
 * The swap form's schema: the quantity typed, previewed against what is held of `from` at the
 * prices shown. A problem lands on the quantity (its message is the problem's code, or EMPTY);
 * the output is the body of the swapAssets contract with those prices, checked by that
 * contract's own schema.
 */
export function swapFormSchema(
  held: (symbol: string) => string,
  pricesOf: (from: Asset, to: Asset) => SwapPrices = listedPrices,
) {
  return z
    .object({ from: z.string(), to: z.string(), quantity: z.string() })
    .transform((values, context): SwapRequest => {
      const from = findAsset(values.from);
      const to = findAsset(values.to);
      const preview =
        from && to
          ? previewSwap(from, to, values.quantity, held(values.from), pricesOf(from, to))
          : undefined;
      if (preview?.status !== 'ok') {
        const problem = preview?.status === 'invalid' ? preview.problem : 'EMPTY';
        context.addIssue({ code: 'custom', path: ['quantity'], message: problem });
        return z.NEVER;
      }
      const body = swapRequestSchema.safeParse({
        ...values,
        quantity: preview.quantity,
        fromPrice: preview.give.price,
        toPrice: preview.receive.price,
      });
      if (!body.success) {
        context.addIssue({ code: 'custom', path: ['quantity'], message: 'QUANTITY_INVALID' });
        return z.NEVER;
      }
      return body.data;
    });
}
