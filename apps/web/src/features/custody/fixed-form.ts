// The form of /fixed-assets: a holding, a quantity where only part of a position is fixed, and a
// term; checked as the server will check it (built on the contract's `fixedTermRequestSchema`),
// so most refusals are seen before the review. Its output is the request's body. Messages are
// locale keys, translated where shown.
import { z } from 'zod';
import {
  type FixedTermMonths,
  type FixedTermRequest,
  fixedTermMonths,
  fixedTermRequestSchema,
} from '@secure-vault/shared/custody';
import { dec } from '@secure-vault/shared/money';
import { decimalsOf, normalizeDecimal } from '@/lib/money';
import { type FixedItem, isWholeQuantity } from './fixed-items';

export const fixedFormDefaults = { valuableId: '', months: '', quantity: '' };

const quantityInvalid = 'custody:errors.quantityInvalid';
const moreThanHeld = 'custody:fixed.problems.moreThanHeld';

/** The months a radio's value names, or null. */
export function monthsOf(value: string): FixedTermMonths | null {
  const months = Number(value);
  return fixedTermMonths.find((candidate) => candidate === months) ?? null;
}

/** Why a typed quantity of a position cannot be fixed, or null when it can. */
export function quantityProblem(item: FixedItem, text: string): string | null {
  const value = normalizeDecimal(text);
  if (!/^\d+(\.\d+)?$/.test(value) || !dec(value).greaterThan(0)) return quantityInvalid;
  if (decimalsOf(value) > item.decimals) return quantityInvalid;
  if (item.available !== null && dec(value).greaterThan(item.available)) return moreThanHeld;
  return null;
}

export function fixedFormSchema(items: readonly FixedItem[]) {
  const find = (id: string) => items.find((candidate) => candidate.valuable.id === id);
  return z
    .object({ valuableId: z.string(), months: z.string(), quantity: z.string() })
    .superRefine((values, context) => {
      const item = find(values.valuableId);
      if (!item || item.unavailable) {
        context.addIssue({
          code: 'custom',
          path: ['valuableId'],
          message: 'custody:errors.assetRequired',
        });
      } else if (item.kind === 'position') {
        const problem =
          values.quantity.trim() === '' ? quantityInvalid : quantityProblem(item, values.quantity);
        if (problem) context.addIssue({ code: 'custom', path: ['quantity'], message: problem });
      }
      if (monthsOf(values.months) === null) {
        context.addIssue({
          code: 'custom',
          path: ['months'],
          message: 'custody:errors.termRequired',
        });
      }
    })
    .transform((values): FixedTermRequest => {
      const item = find(values.valuableId);
      const quantity = normalizeDecimal(values.quantity);
      // The whole position fixes the holding itself; part of it is split off by the server.
      const isPart = item?.kind === 'position' && !isWholeQuantity(item, quantity);
      const body: FixedTermRequest = {
        valuableId: values.valuableId,
        // Never left as text: an unknown term has its issue above, and the transform then waits.
        months: monthsOf(values.months) ?? fixedTermMonths[0],
      };
      if (isPart) body.quantity = quantity;
      return body;
    })
    .pipe(fixedTermRequestSchema);
}
