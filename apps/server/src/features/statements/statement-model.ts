// What a statement and a proof of holdings say, read from the database in one snapshot (a
// REPEATABLE READ, read-only transaction) so every figure and the journal position agree. A
// statement is the journal's own sums: opening = every row of the customer's before the month,
// closing = every row before its end, the movements and their totals between. A proof of
// holdings is the vault as it stands (valuables still held) with the journal row it was read at.
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { cashSymbol } from '@secure-vault/shared/catalogue';
import type { LedgerKind } from '@secure-vault/shared/history';
import { Dec, dec, sum, toFixedString } from '@secure-vault/shared/money';
import type { ValuableStatus } from '@secure-vault/shared/vault';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { valueNow } from '../../db/wire.ts';
import type { Tx } from '../../ledger/journal.ts';

export interface Customer {
  /** The full name, or the email when the profile has none. */
  name: string;
  accountNumber: string;
  /** "A*** H***", or "a***@e***.com" without a name: what a verifier is told. */
  masked: string;
}

/** One holding in the journal's terms: quantity (null for a custody item) and book value. */
export interface Position {
  assetSymbol: string | null;
  itemName: string | null;
  quantity: string | null;
  value: string;
}

export interface Holdings {
  positions: Position[];
  cash: string;
  /** Cash and every position's value. */
  total: string;
}

export interface StatementMovement {
  id: string;
  at: Date;
  kind: LedgerKind;
  assetSymbol: string | null;
  itemName: string | null;
  note: string | null;
  quantityDelta: string | null;
  valueDelta: string;
  reference: string | null;
}

/** The journal row a document was read at: the customer's last one it includes. */
export interface JournalPosition {
  /** The row's id, or "none" before the customer's first movement. */
  id: string;
  at: Date | null;
}

export interface StatementModel {
  customer: Customer;
  /** "2026-11". */
  period: string;
  start: Date;
  end: Date;
  /** The month is not over: the closing figures are the ones at issue. */
  isCurrentMonth: boolean;
  issuedAt: Date;
  journalPosition: JournalPosition;
  opening: Holdings;
  closing: Holdings;
  movements: StatementMovement[];
  totals: { valueIn: string; valueOut: string; net: string };
}

export interface ProofHolding {
  assetSymbol: string | null;
  itemName: string;
  itemType: string;
  status: ValuableStatus;
  quantity: string | null;
  unit: string | null;
  value: string;
}

export interface ProofModel {
  customer: Customer;
  /** The moment the holdings were read at. */
  at: Date;
  journalPosition: JournalPosition;
  holdings: ProofHolding[];
  cash: string;
  total: string;
}

/** The first instant of `period` ("2026-11") and of the month after, in UTC. */
export function monthBounds(period: string): { start: Date; end: Date } {
  const [year = 0, month = 0] = period.split('-').map(Number);
  return {
    start: new Date(Date.UTC(year, month - 1, 1)),
    end: new Date(Date.UTC(year, month, 1)),
  };
}

/** "2026-11" of an instant, in UTC. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The UTC month the account opened ("2026-03"): the first a statement is issued for. */
export async function openingPeriodOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: profiles.createdAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ? periodOf(row.at) : null;
}

async function snapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function customerOf(tx: Tx, userId: string): Promise<Customer> {
  const [row] = await tx
    .select({
      email: users.email,
      fullName: profiles.fullName,
      accountNumber: profiles.accountNumber,
      masked: sql<string>`masked_name(${profiles.fullName}, ${users.email})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  // Every account has a profile; a signed-in caller without one is a fault, not an answer.
  if (!row) throw new Error('The caller has no profile.');
  const fullName = row.fullName?.trim() || null;
  return {
    name: fullName ?? row.email,
    accountNumber: row.accountNumber,
    masked: row.masked,
  };
}

async function lastJournalRow(tx: Tx, userId: string, before?: Date): Promise<JournalPosition> {
  const [row] = await tx
    .select({ id: ledgerEntries.id, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        before ? lt(ledgerEntries.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(1);
  return row ? { id: row.id, at: row.at } : { id: 'none', at: null };
}

/** The holdings the journal adds up to before each instant: cash apart, positions by name. */
async function journalHoldings(
  tx: Tx,
  userId: string,
  instants: readonly [Date, Date],
): Promise<[Holdings, Holdings]> {
  // A traded position is its asset; a custody item is its valuable (named as last journaled).
  const position = sql`coalesce(${ledgerEntries.assetSymbol}, ${ledgerEntries.valuableId}::text, ${ledgerEntries.itemName})`;
  const upTo = (at: Date) => sql`${ledgerEntries.createdAt} < ${at.toISOString()}::timestamptz`;
  const rows = await tx
    .select({
      assetSymbol: sql<string | null>`min(${ledgerEntries.assetSymbol})`,
      itemName: sql<
        string | null
      >`(array_agg(${ledgerEntries.itemName} order by ${ledgerEntries.createdAt} desc, ${ledgerEntries.id} desc))[1]`,
      hasQuantity: sql<boolean>`bool_or(${ledgerEntries.quantityDelta} is not null)`,
      quantityBefore: sql<string>`coalesce(sum(${ledgerEntries.quantityDelta}) filter (where ${upTo(instants[0])}), 0)::text`,
      valueBefore: sql<string>`coalesce(sum(${ledgerEntries.valueDelta}) filter (where ${upTo(instants[0])}), 0)::text`,
      quantityAfter: sql<string>`coalesce(sum(${ledgerEntries.quantityDelta}) filter (where ${upTo(instants[1])}), 0)::text`,
      valueAfter: sql<string>`coalesce(sum(${ledgerEntries.valueDelta}) filter (where ${upTo(instants[1])}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), upTo(instants[1])))
    .groupBy(position)
    .orderBy(position);
  const at = (pick: 'Before' | 'After'): Holdings => {
    let cash = dec(0);
    const positions: Position[] = [];
    for (const row of rows) {
      const value = dec(row[`value${pick}`]);
      const quantity = dec(row[`quantity${pick}`]);
      if (row.assetSymbol === cashSymbol) {
        cash = cash.plus(value);
        continue;
      }
      if (value.isZero() && quantity.isZero()) continue;
      positions.push({
        assetSymbol: row.assetSymbol,
        itemName: row.itemName,
        quantity: row.hasQuantity ? toFixedString(quantity) : null,
        value: toFixedString(value),
      });
    }
    return {
      positions,
      cash: toFixedString(cash),
      total: toFixedString(sum([cash, ...positions.map((p) => p.value)])),
    };
  };
  return [at('Before'), at('After')];
}

/** The statement of `period` for the customer, read in one snapshot at `now`. */
export async function readStatement(
  db: Db,
  userId: string,
  period: string,
  now: Date,
): Promise<StatementModel> {
  const { start, end } = monthBounds(period);
  return snapshot(db, async (tx) => {
    const customer = await customerOf(tx, userId);
    const [opening, closing] = await journalHoldings(tx, userId, [start, end]);
    const rows = await tx
      .select({
        id: ledgerEntries.id,
        at: ledgerEntries.createdAt,
        kind: ledgerEntries.kind,
        assetSymbol: ledgerEntries.assetSymbol,
        itemName: ledgerEntries.itemName,
        note: ledgerEntries.note,
        quantityDelta: ledgerEntries.quantityDelta,
        valueDelta: ledgerEntries.valueDelta,
        reference: ledgerEntries.reference,
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, userId),
          gte(ledgerEntries.createdAt, start),
          lt(ledgerEntries.createdAt, end),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
    const journalPosition = await lastJournalRow(tx, userId, end);
    const movements = rows;
    const valueIn = sum(movements.map((m) => Dec.max(dec(m.valueDelta), 0)));
    const valueOut = sum(movements.map((m) => Dec.max(dec(m.valueDelta).negated(), 0)));
    return {
      customer,
      period,
      start,
      end,
      isCurrentMonth: now < end,
      issuedAt: now,
      journalPosition,
      opening,
      closing,
      movements,
      totals: {
        valueIn: toFixedString(valueIn),
        valueOut: toFixedString(valueOut),
        net: toFixedString(valueIn.minus(valueOut)),
      },
    };
  });
}

/** Every valuable the customer still holds, and the cash, read in one snapshot at `now`. */
export async function readProofOfHoldings(db: Db, userId: string, now: Date): Promise<ProofModel> {
  return snapshot(db, async (tx) => {
    const customer = await customerOf(tx, userId);
    const rows = await tx
      .select({
        assetSymbol: valuables.assetSymbol,
        itemName: valuables.itemName,
        itemType: valuables.itemType,
        status: valuables.status,
        quantity: valuables.quantity,
        unit: valuables.unit,
        value: valueNow,
      })
      .from(valuables)
      .where(and(eq(valuables.userId, userId), ne(valuables.status, 'delivered')))
      .orderBy(asc(valuables.dateStored), asc(valuables.id));
    const journalPosition = await lastJournalRow(tx, userId);
    const cash = sum(
      rows.filter((row) => row.assetSymbol === cashSymbol).map((row) => row.value ?? '0'),
    );
    const holdings = rows
      .filter((row) => row.assetSymbol !== cashSymbol)
      .map((row) => ({
        ...row,
        value: toFixedString(row.value ?? '0'),
      }));
    return {
      customer,
      at: now,
      journalPosition,
      holdings,
      cash: toFixedString(cash),
      total: toFixedString(sum([cash, ...holdings.map((h) => h.value)])),
    };
  });
}
