// Trading tests' calls and read-backs: trades and swaps as the web app sends them, and the
// holdings and journal rows as the database has them.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dec, type Dec, sum } from '@secure-vault/shared/money';
import { cashSymbol, ledgerEntries, valuables } from '../db/vault-schema.ts';
import { call } from './auth-helpers.ts';
import type { Customer } from './customers.ts';
import type { TestApp } from './test-app.ts';

type Caller = Pick<Customer, 'cookie'>;

export function trade(t: TestApp, caller: Caller, body: unknown, key: string = randomUUID()) {
  return call(t, 'POST', '/trades', body, {
    cookie: caller.cookie,
    headers: { 'idempotency-key': key },
  });
}

export function swap(t: TestApp, caller: Caller, body: unknown, key: string = randomUUID()) {
  return call(t, 'POST', '/swaps', body, {
    cookie: caller.cookie,
    headers: { 'idempotency-key': key },
  });
}

export async function valuablesOf(t: TestApp, userId: string) {
  return t.ctx.db
    .select()
    .from(valuables)
    .where(eq(valuables.userId, userId))
    .orderBy(asc(valuables.assetSymbol));
}

export async function journalOf(t: TestApp, userId: string) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

export async function cashOf(t: TestApp, userId: string): Promise<string> {
  const rows = await valuablesOf(t, userId);
  // The cash position: not a cash row reserved for a limit order.
  return (
    rows.find((row) => row.assetSymbol === cashSymbol && row.status === 'active')?.estimatedValue ??
    '0.00000000'
  );
}

/** The user's active position in an asset, or undefined. */
export async function positionOf(t: TestApp, userId: string, symbol: string) {
  const rows = await valuablesOf(t, userId);
  return rows.find((row) => row.assetSymbol === symbol && row.status === 'active');
}

/**
 * The platform's rounding under these movements' references (DESIGN §2): what the customers'
 * journal rows are short of, or over, so that value is conserved across customer + platform.
 */
export async function platformRoundingOf(t: TestApp, references: string[]): Promise<Dec> {
  if (references.length === 0) return dec(0);
  const rows = await t.ctx.db
    .select({ value: ledgerEntries.valueDelta })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.account, 'rounding'), inArray(ledgerEntries.reference, references)),
    );
  return sum(rows.map((row) => row.value));
}

/** Cash plus every position's value: what a trade at listed prices must leave unchanged. */
export async function wealthOf(t: TestApp, userId: string): Promise<Dec> {
  const rows = await valuablesOf(t, userId);
  return sum(rows.map((row) => row.estimatedValue ?? '0'));
}

/**
 * Every valuable's value and quantity equal the sums of its journal rows (DESIGN §2), and a
 * deleted valuable's rows sum to zero.
 */
export async function expectHoldingsMatchJournal(t: TestApp, userId: string): Promise<void> {
  const [rows, journal] = await Promise.all([valuablesOf(t, userId), journalOf(t, userId)]);
  const sums = new Map<string, { value: Dec; quantity: Dec }>();
  for (const entry of journal) {
    const key = entry.valuableId ?? 'none';
    const current = sums.get(key) ?? { value: dec(0), quantity: dec(0) };
    sums.set(key, {
      value: current.value.plus(entry.valueDelta),
      quantity: current.quantity.plus(entry.quantityDelta ?? '0'),
    });
  }
  for (const row of rows) {
    const journalled = sums.get(row.id) ?? { value: dec(0), quantity: dec(0) };
    if (!journalled.value.equals(row.estimatedValue ?? '0')) {
      throw new Error(
        `${row.assetSymbol}: value ${row.estimatedValue} ≠ journal ${journalled.value.toString()}`,
      );
    }
    if (!journalled.quantity.equals(row.quantity ?? '0')) {
      throw new Error(
        `${row.assetSymbol}: quantity ${row.quantity} ≠ journal ${journalled.quantity.toString()}`,
      );
    }
    sums.delete(row.id);
  }
  for (const [id, left] of sums) {
    if (!left.value.isZero() || !left.quantity.isZero()) {
      throw new Error(
        `deleted valuable ${id} left ${left.value.toString()} / ${left.quantity.toString()} in the journal`,
      );
    }
  }
}
