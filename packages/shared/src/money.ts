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

export function sum(values: Iterable<Dec | string>): Dec {
  let total = dec(0);
  for (const value of values) total = total.plus(value);
  return total;
}
