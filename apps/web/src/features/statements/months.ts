// The months a statement can be downloaded for, and how the page names them. Statements cover
// UTC calendar months (the server's rule), so the months are counted in UTC too.
import type { Language } from '@secure-vault/shared/i18n';
import { formatDate } from '@/lib/format';

/** How many months the statement picker offers: the current one and the 11 before it. */
export const statementMonthCount = 12;

/** "2026-11": a moment's UTC month. */
export function monthOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * "2026-11" for `now`'s UTC month and the months before it, newest first; none before `opened`
 * (the account's opening month, which the server refuses anything before), when it is known.
 */
export function recentMonths(
  now: Date,
  count = statementMonthCount,
  opened: string | null = null,
): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months = Array.from({ length: count }, (_unused, index) =>
    monthOf(new Date(Date.UTC(year, month - index, 1))),
  );
  // The current month always stays: an account opened "later" than now is a clock's quirk.
  return opened ? months.filter((value, index) => index === 0 || value >= opened) : months;
}

/** "November 2026" (or its Arabic name) for "2026-11"; anything else as given. */
export function monthLabel(month: string, language: Language): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return formatDate(date, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The statement's file name in its address: "2026-11.pdf". */
export function statementFile(month: string): string {
  return `${month}.pdf`;
}
