// What a swap will do, priced exactly as the server prices it (DESIGN §2, §5) by the shared
// quoteSwap: the quantity given sells at its value rounded down to the cent; the target gets
// those cents ÷ its price rounded down to its quantity step; whole cents left come back as cash.
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { type SwapRequest, quoteSwap, swapRequestSchema } from '@secure-vault/shared/trading';
import { z } from 'zod';
import { findAsset } from '@secure-vault/shared/catalogue';
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
      give: { quantity: string; value: string };
      receive: { quantity: string; value: string };
      cashRemainder: string;
    };

export function previewSwap(
  from: Asset,
  to: Asset,
  quantityText: string,
  held: string,
): SwapPreview {
  const quantity = normalizeDecimal(quantityText);
  if (quantity === '') return { status: 'empty' };
  if (from.symbol === to.symbol) return { status: 'invalid', problem: 'SAME_ASSET' };
  const priced = quoteSwap(from, to, quantity);
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
    give: { quantity: swap.from.quantity, value: swap.from.proceeds },
    receive: { quantity: swap.to.quantity, value: swap.to.value },
    cashRemainder: swap.cashBack,
  };
}

/**
 * The swap form's schema: the quantity typed, previewed against what is held of `from`. A problem
 * lands on the quantity (its message is the problem's code, or EMPTY); the output is the body of
 * the swapAssets contract, checked by that contract's own schema.
 */
export function swapFormSchema(held: (symbol: string) => string) {
  return z
    .object({ from: z.string(), to: z.string(), quantity: z.string() })
    .transform((values, context): SwapRequest => {
      const from = findAsset(values.from);
      const to = findAsset(values.to);
      const preview =
        from && to ? previewSwap(from, to, values.quantity, held(values.from)) : undefined;
      if (preview?.status !== 'ok') {
        const problem = preview?.status === 'invalid' ? preview.problem : 'EMPTY';
        context.addIssue({ code: 'custom', path: ['quantity'], message: problem });
        return z.NEVER;
      }
      const body = swapRequestSchema.safeParse({ ...values, quantity: preview.quantity });
      if (!body.success) {
        context.addIssue({ code: 'custom', path: ['quantity'], message: 'QUANTITY_INVALID' });
        return z.NEVER;
      }
      return body.data;
    });
}
