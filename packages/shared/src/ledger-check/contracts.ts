// The ledger reconciliation (issue 15 item 6): every holding against the sum of its journal
// rows, cash never negative, and the platform's totals, read in one consistent snapshot. Staff
// run it from the panel; `npm run check:ledger` runs the same check from a shell.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { decimalPattern } from '../money.ts';

const decimalString = z.string().regex(decimalPattern);

// Only contracts are exported as values here (the registry lists every export as a contract);
// the report's types are exported for the server and the web app.

/** What a difference is about (apps/server/src/ledger/reconcile.ts states each rule). */
const ledgerDifferenceKinds = [
  /** A holding's quantity is not the sum of its journal rows' quantity deltas. */
  'quantity',
  /** A holding's value is not the sum of its journal rows' value deltas. */
  'value',
  /** A journal row of a holding names a customer who no longer holds it, and does not net out. */
  'owner',
  /** Journal rows of a holding that is gone do not sum to zero. */
  'orphan_journal',
  /** Journal rows of a customer name no holding at all. */
  'unattached_journal',
  /** A cash position below zero. */
  'negative_cash',
  /** A cash position in fractions of a cent (cash is whole cents). */
  'fractional_cash',
  /** More than one active cash position for one customer. */
  'duplicate_cash',
  /** The platform's holdings and its customers' journal do not sum to the same total. */
  'platform',
  /**
   * A movement's postings do not sum to zero in one asset (decision 021): itemName is the asset's
   * symbol (null for custody items, counted in dollars), actual what is left over.
   */
  'unbalanced',
  /**
   * An open limit order's reservation is missing, not the customer's, not reserved, or not the
   * amount the order holds (expected), or a reserved holding belongs to no open order (decision
   * 031): itemName is the asset's symbol.
   */
  'reservation',
] as const;
export type LedgerDifferenceKind = (typeof ledgerDifferenceKinds)[number];

const ledgerDifferenceSchema = z.object({
  /** Null for a platform-wide difference. */
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  valuableId: z.uuid().nullable(),
  itemName: z.string().nullable(),
  kind: z.enum(ledgerDifferenceKinds),
  expected: decimalString,
  actual: decimalString,
  /** The movement, for an unbalanced one. */
  movement: z.string().nullable().optional(),
});
export type LedgerDifference = z.infer<typeof ledgerDifferenceSchema>;

const ledgerPlatformTotalsSchema = z.object({
  /** Every holding's value, cash included. */
  holdingsValue: decimalString,
  /** Every customer journal row's value delta: equals holdingsValue when the ledger is whole. */
  journalValue: decimalString,
  /** The platform's rounding account (journal rows with no customer). */
  roundingAccount: decimalString,
  /** Every cash position. */
  cash: decimalString,
  /** Cash credited by completed deposits. */
  deposits: decimalString,
  /** Cash paid out by withdrawals, less the ones refunded (a positive figure). */
  withdrawals: decimalString,
  /** Profit credited by matured fixed terms. */
  fixedTermProfit: decimalString,
  /** Value staff added, set and removed, and approved book balances (net). */
  staffAdjustments: decimalString,
  /** Value that left the vault by delivery (a positive figure). */
  delivered: decimalString,
  /** Journal rows read. */
  journalRows: z.number().int().nonnegative(),
});
export type LedgerPlatformTotals = z.infer<typeof ledgerPlatformTotalsSchema>;

/**
 * The platform's position in one asset (decision 021), in the asset's own unit: quantity for a
 * listed asset, dollars for cash and for custody items. Every movement balances, so the accounts
 * sum to zero: what customers hold is what the platform owes them, and the trading book, the
 * world, interest, rounding and custody intake say where it came from.
 */
const ledgerPositionSchema = z.object({
  /** The asset's symbol; null for custody items. */
  asset: z.string().nullable(),
  customers: decimalString,
  tradingBook: decimalString,
  rounding: decimalString,
  world: decimalString,
  interest: decimalString,
  custodyIntake: decimalString,
  /** Of what customers hold, how much is reserved for their open limit orders. */
  reserved: decimalString,
});
export type LedgerPosition = z.infer<typeof ledgerPositionSchema>;

const ledgerReportSchema = z.object({
  checkedAt: z.iso.datetime(),
  /** The newest journal row's time, or null with an empty journal: what the snapshot saw. */
  journalPosition: z.iso.datetime().nullable(),
  /** Customers with a holding or a journal row. */
  customers: z.number().int().nonnegative(),
  /** Holdings checked (cash positions included). */
  holdings: z.number().int().nonnegative(),
  differences: z.array(ledgerDifferenceSchema),
  platform: ledgerPlatformTotalsSchema,
  /** One per asset the journal has moved, cash first, then by symbol, custody items last. */
  positions: z.array(ledgerPositionSchema),
  /** Movements read (each a set of postings that sums to zero per asset). */
  movements: z.number().int().nonnegative(),
  ok: z.boolean(),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;

export const runLedgerCheck = defineContract({
  method: 'GET',
  path: '/api/v1/admin/ledger-check',
  access: 'admin',
  tag: 'admin',
  summary: 'Reconcile every holding with the journal, and the platform totals',
  description:
    "Reads one consistent snapshot. ok is false when any holding differs from its journal rows, a movement does not balance in an asset, cash is negative or in fractions of a cent, or the totals disagree. positions gives the platform's position per asset.",
  status: 200,
  response: ledgerReportSchema,
  errors: [],
});
