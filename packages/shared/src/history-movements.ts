// The journal as customers made it, for the history screen and its CSV alike: one movement per
// transaction (rows under one reference and time), its legs as the customer reads them. A buy
// writes two rows (cash out, metal in) and a swap two or three; those stay legs. Two things the
// journal writes for its own books are not the customer's: the revaluation of a whole position
// inside a trade's asset row, and the two rows of a part split off or brought back (a delivery,
// a fixed term), which move a quantity between two rows of one holding.
import { cashSymbol } from './catalogue.ts';
import type { HistoryEntry, LedgerKind } from './history.ts';
import { dec } from './money.ts';

export type MovementKind = LedgerKind | 'swap';

export interface Movement {
  id: string;
  kind: MovementKind;
  createdAt: string;
  /** Asset legs first, cash last, each in journal order. */
  legs: HistoryEntry[];
}

/** Kinds whose asset row is revalued with the trade: its value is the trade's cash, negated. */
const tradeKinds: ReadonlySet<LedgerKind> = new Set(['buy', 'sell']);

/** Kinds that set a holding aside or bring it back, splitting a part off a position. */
const setAsideKinds: ReadonlySet<LedgerKind> = new Set([
  'delivery',
  'fixed_term_start',
  'fixed_term_end',
]);

function isCashLeg(entry: HistoryEntry): boolean {
  return entry.assetSymbol === cashSymbol;
}

function kindOf(legs: HistoryEntry[]): MovementKind {
  const kinds = new Set(legs.map((leg) => leg.kind));
  if (kinds.has('swap_in') || kinds.has('swap_out') || kinds.has('swap_cash')) return 'swap';
  return legs[0]!.kind;
}

function negated(value: string): string {
  const result = dec(value).negated();
  return result.isZero() ? '0' : result.toFixed();
}

/**
 * A buy's or a sell's asset leg is worth what the customer paid or received: the order and the
 * cash leg say $70.38, so the asset leg says +$70.38 too, not the position's revaluation with it.
 */
function withTradeValue(legs: HistoryEntry[]): HistoryEntry[] {
  const cash = legs.filter(isCashLeg);
  const assets = legs.filter((leg) => !isCashLeg(leg));
  const [cashLeg] = cash;
  if (cash.length !== 1 || assets.length !== 1 || !cashLeg || !tradeKinds.has(cashLeg.kind)) {
    return legs;
  }
  return legs.map((leg) =>
    leg === cashLeg ? leg : { ...leg, valueDelta: negated(cashLeg.valueDelta) },
  );
}

/**
 * The rows of one holding that a set-aside moved a part between (−1,000 mg off the position,
 * +1,000 mg on the part now in delivery) are one leg, as a whole holding set aside in place is:
 * nothing left or joined the customer's holdings, so it reads 0 and $0.00.
 */
function withoutSplits(legs: HistoryEntry[]): HistoryEntry[] {
  const merged: HistoryEntry[] = [];
  for (const leg of legs) {
    const pair = merged.findIndex(
      (other) =>
        setAsideKinds.has(leg.kind) &&
        other.kind === leg.kind &&
        other.assetSymbol !== null &&
        other.assetSymbol === leg.assetSymbol &&
        other.quantityDelta !== null &&
        leg.quantityDelta !== null &&
        dec(other.quantityDelta).plus(leg.quantityDelta).isZero(),
    );
    if (pair === -1) merged.push(leg);
    else merged[pair] = { ...merged[pair]!, quantityDelta: '0', valueDelta: '0' };
  }
  return merged;
}

function movementOf(rows: HistoryEntry[]): Movement {
  const ordered = [...rows.filter((leg) => !isCashLeg(leg)), ...rows.filter(isCashLeg)];
  return {
    id: rows[0]!.id,
    kind: kindOf(rows),
    createdAt: rows[0]!.createdAt,
    legs: withTradeValue(withoutSplits(ordered)),
  };
}

function isSameTransaction(previous: HistoryEntry | undefined, entry: HistoryEntry): boolean {
  return (
    previous !== undefined &&
    entry.reference !== null &&
    entry.reference === previous.reference &&
    entry.createdAt === previous.createdAt
  );
}

/**
 * Reads journal rows newest first, in batches, into movements: rows of one transaction sit next
 * to each other, so consecutive rows with the same reference and time are one movement. A
 * movement may straddle two batches; `finish` gives the last one.
 */
export function movementReader(): {
  read: (entries: readonly HistoryEntry[]) => Movement[];
  finish: () => Movement[];
} {
  let current: HistoryEntry[] = [];
  const take = (): Movement[] => {
    if (current.length === 0) return [];
    const movement = movementOf(current);
    current = [];
    return [movement];
  };
  return {
    read(entries) {
      const movements: Movement[] = [];
      for (const entry of entries) {
        if (!isSameTransaction(current.at(-1), entry)) movements.push(...take());
        current.push(entry);
      }
      return movements;
    },
    finish: take,
  };
}

/** Journal rows (newest first) as the movements the customer made. */
export function groupMovements(entries: readonly HistoryEntry[]): Movement[] {
  const reader = movementReader();
  return [...reader.read(entries), ...reader.finish()];
}
