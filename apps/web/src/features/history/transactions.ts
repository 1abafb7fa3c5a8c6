// Journal rows as customers think of them: a buy writes two rows (cash out, metal in) under one
// reference and time; a swap two or three. Rows of one transaction sit next to each other in
// the newest-first list, so consecutive rows with the same reference and time become one entry.
import type { HistoryEntry, LedgerKind } from '@secure-vault/shared/history';
import { isCash } from '@/lib/valuable-text';

export type TransactionKind = LedgerKind | 'swap';

export interface Transaction {
  id: string;
  kind: TransactionKind;
  createdAt: string;
  /** Asset legs first, cash last, each in journal order. */
  legs: HistoryEntry[];
}

function kindOf(legs: HistoryEntry[]): TransactionKind {
  const kinds = new Set(legs.map((leg) => leg.kind));
  if (kinds.has('swap_in') || kinds.has('swap_out') || kinds.has('swap_cash')) return 'swap';
  return legs[0]!.kind;
}

export function groupTransactions(entries: HistoryEntry[]): Transaction[] {
  const transactions: Transaction[] = [];
  let current: HistoryEntry[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const legs = [...current.filter((leg) => !isCash(leg)), ...current.filter(isCash)];
    transactions.push({
      id: current[0]!.id,
      kind: kindOf(current),
      createdAt: current[0]!.createdAt,
      legs,
    });
    current = [];
  };
  for (const entry of entries) {
    const previous = current.at(-1);
    const isSameTransaction =
      previous !== undefined &&
      entry.reference !== null &&
      entry.reference === previous.reference &&
      entry.createdAt === previous.createdAt;
    if (!isSameTransaction) flush();
    current.push(entry);
  }
  flush();
  return transactions;
}
