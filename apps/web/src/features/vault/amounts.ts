// The vault's reading of a book balance; the decimal-string helpers themselves are lib/money.ts's
// (a stored amount never becomes a JavaScript number, DESIGN §2).
import { isPositiveAmount } from '@/lib/money';

/**
 * SPEC §4: a book balance above zero is shown faded with "Pending approval" until approved
 * (the approval itself is not part of the product yet).
 */
export function isBookBalancePending(bookBalance: string): boolean {
  return isPositiveAmount(bookBalance);
}
