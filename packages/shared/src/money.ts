// Exact decimal money and quantities (DESIGN §2): decimal.js, strings on the wire, never a
// JavaScript number for a stored amount. Quantities and values keep 8 decimal places.
import { Decimal } from 'decimal.js';

export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Dec = InstanceType<typeof Dec>;

export const storedScale = 8;
export const usdScale = 2;

/** A decimal string as the API sends it: optional minus, digits, optional fraction. */
export const decimalPattern = /^-?\d+(\.\d+)?$/;

export function dec(value: string | number | Dec): Dec {
  return new Dec(value);
}

/** Canonical string with exactly `scale` decimals (no exponent). */
export function toFixedString(value: Dec | string, scale = storedScale): string {
  return dec(value).toFixed(scale);
}

/** Number of digits after the decimal point in a typed string ("1.250" → 3). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** Rounded down to whole cents: what a customer receives. */
export function centsDown(value: Dec | string): Dec {
  return dec(value).toDecimalPlaces(usdScale, Dec.ROUND_DOWN);
}

/** Rounded up to whole cents: what a customer pays for an exact value. */
export function centsUp(value: Dec | string): Dec {
  return dec(value).toDecimalPlaces(usdScale, Dec.ROUND_UP);
}

/** True when an amount is whole cents (cash always is, DESIGN §2). */
export function isWholeCents(value: Dec | string): boolean {
  return dec(value).decimalPlaces() <= usdScale;
}

export function sum(values: Iterable<Dec | string>): Dec {
  let total = dec(0);
  for (const value of values) total = total.plus(value);
  return total;
}
