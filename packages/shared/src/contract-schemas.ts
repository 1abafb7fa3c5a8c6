// Schemas many contracts share. Kept apart from contract.ts, which the web app's client imports
// on every page and which therefore holds no zod code.
import { z } from 'zod';
import { dec, decimalPattern, usdScale } from './money.ts';

/** A request without a body: Fastify gives a missing body as null; `{}` is accepted too. */
export const noBody = z.strictObject({}).nullish();

/** The answer of a 204. */
export const noContent = z.null().describe('No content');

/**
 * A dollar amount in an answer: the database keeps 8 decimals ("7.00000000"), callers read
 * dollars and cents ("7.00"). Sent with at least 2 decimals and none of the trailing zeros after
 * them, so nothing is ever cut: an exact worth keeps its digits ("99.999945"). Read as it is.
 */
export const usdAmount = z.codec(
  z.string().regex(decimalPattern),
  z.string().regex(decimalPattern),
  {
    decode: (text) => text,
    encode: usdText,
  },
);

/** "7.00000000" → "7.00", "-0.50" → "-0.50", "99.99994500" → "99.999945". */
export function usdText(value: string): string {
  const amount = dec(value);
  return amount.decimalPlaces() <= usdScale ? amount.toFixed(usdScale) : amount.toFixed();
}
