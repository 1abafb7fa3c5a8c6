// Reading signs of the decimal strings the API sends, without turning a stored amount into a
// JavaScript number (DESIGN §2).

/** True for an amount above zero ("0.01", "12"); false for zero, negatives and non-numbers. */
export function isPositiveAmount(value: string): boolean {
  const text = value.trim();
  return /^\+?\d*\.?\d+$/.test(text) && /[1-9]/.test(text);
}

/**
 * SPEC §4: a book balance above zero is shown faded with "Pending approval" until approved
 * (the approval itself is not part of the product yet).
 */
export function isBookBalancePending(bookBalance: string): boolean {
  return isPositiveAmount(bookBalance);
}

/** "1.50000000" → "1.5", "100" → "100": a quantity shown with the decimals it really has. */
export function trimDecimals(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}
