// What a crash or a lost connection must never do to trades, read back from the database: an
// acknowledged trade missing from the journal or written twice, a trade with only one of its
// two rows, value created or lost by a trade (counting the platform's rounding row), cash below
// zero, or an idempotency key kept without its answer. Holdings against the journal are journalMismatches (vault.ts).
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { TradeResult } from '@secure-vault/shared/trading';
import { dec, isWholeCents, sum } from '@secure-vault/shared/money';
import { cashSymbol, idempotencyKeys, ledgerEntries, valuables } from '../db/vault-schema.ts';
import type { TestApp } from './test-app.ts';

export interface AcknowledgedTrade {
  userId: string;
  /** The 201 answer the client received (first answer or replay). */
  result: TradeResult;
}

/**
 * Compares the journal's buy and sell rows of these users with the trades their clients were
 * told about. Every acknowledged trade must have exactly its two rows (cash by the whole-cent
 * total, the asset by the quantity) and at most one platform rounding row for the sub-cent
 * difference, and every trade in the journal must have been acknowledged: pass
 * every trade that could have happened, with in-flight ones retried to an answer first.
 * Returns one line per problem (none expected).
 */
export async function tradeJournalProblems(
  t: TestApp,
  userIds: string[],
  acknowledged: Iterable<AcknowledgedTrade>,
): Promise<string[]> {
  const rows = await t.ctx.db
    .select({
      userId: ledgerEntries.userId,
      kind: ledgerEntries.kind,
      assetSymbol: ledgerEntries.assetSymbol,
      quantityDelta: ledgerEntries.quantityDelta,
      valueDelta: ledgerEntries.valueDelta,
      reference: ledgerEntries.reference,
    })
    .from(ledgerEntries)
    .where(
      or(
        and(inArray(ledgerEntries.userId, userIds), inArray(ledgerEntries.kind, ['buy', 'sell'])),
        eq(ledgerEntries.account, 'rounding'),
      ),
    );
  const byReference = new Map<string, typeof rows>();
  for (const row of rows.filter((row) => row.kind !== 'rounding')) {
    const reference = row.reference ?? '(no reference)';
    byReference.set(reference, [...(byReference.get(reference) ?? []), row]);
  }
  // The platform's rounding rows belong to the trade that shares their reference.
  const roundingRows = new Map<string, typeof rows>();
  for (const row of rows.filter((row) => row.kind === 'rounding')) {
    const reference = row.reference ?? '(no reference)';
    roundingRows.set(reference, [...(roundingRows.get(reference) ?? []), row]);
  }

  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { userId, result } of acknowledged) {
    const { reference } = result;
    if (seen.has(reference)) continue;
    seen.add(reference);
    const own = byReference.get(reference) ?? [];
    const label = `${result.side} ${result.quantity} ${result.asset} (${reference})`;
    if (own.length === 0) {
      problems.push(`${label}: acknowledged but not in the journal`);
      continue;
    }
    const sign = result.side === 'buy' ? 1 : -1;
    const cash = own.filter((row) => row.assetSymbol === cashSymbol);
    const asset = own.filter((row) => row.assetSymbol === result.asset);
    if (own.length !== 2 || cash.length !== 1 || asset.length !== 1) {
      problems.push(
        `${label}: ${own.length} journal rows (${cash.length} cash, ${asset.length} ${result.asset}), expected one of each`,
      );
      continue;
    }
    const [cashRow, assetRow] = [cash[0], asset[0]];
    if (!cashRow || !assetRow) continue;
    if (cashRow.userId !== userId || assetRow.userId !== userId) {
      problems.push(`${label}: journaled for another user`);
    }
    if (!dec(cashRow.valueDelta).eq(dec(result.total).times(-sign))) {
      problems.push(`${label}: cash row ${cashRow.valueDelta}, expected ∓${result.total}`);
    }
    if (!isWholeCents(cashRow.valueDelta)) {
      problems.push(`${label}: cash row ${cashRow.valueDelta} is not whole cents`);
    }
    if (!dec(assetRow.quantityDelta ?? '0').eq(dec(result.quantity).times(sign))) {
      problems.push(`${label}: asset row ${assetRow.quantityDelta}, expected ±${result.quantity}`);
    }
  }

  for (const [reference, own] of byReference) {
    const kinds = own.map((row) => `${row.kind} ${row.assetSymbol}`).join(', ');
    if (!seen.has(reference)) {
      problems.push(`${reference}: in the journal (${kinds}) but never acknowledged`);
    }
    // Whatever the answer said: each trade has one cash and one asset row and at most one
    // rounding row, and moves no value once the platform's rounding is counted.
    const cashRows = own.filter((row) => row.assetSymbol === cashSymbol).length;
    const rounding = roundingRows.get(reference) ?? [];
    if (own.length !== 2 || cashRows !== 1 || rounding.length > 1) {
      problems.push(
        `${reference}: half-applied or doubled trade (${kinds}, ${rounding.length} rounding)`,
      );
    }
    const moved = sum([...own, ...rounding].map((row) => row.valueDelta));
    if (!moved.isZero())
      problems.push(`${reference}: the trade moved ${moved.toString()} of value`);
  }
  return problems;
}

/** Cash positions of these users below zero (none expected; the table also forbids it). */
export async function negativeCash(t: TestApp, userIds: string[]) {
  return t.ctx.db
    .select({ userId: valuables.userId, cash: valuables.estimatedValue })
    .from(valuables)
    .where(
      and(
        inArray(valuables.userId, userIds),
        eq(valuables.assetSymbol, cashSymbol),
        lt(valuables.estimatedValue, '0'),
      ),
    );
}

/**
 * Idempotency keys stored without their answer: the key row and its answer are written in the
 * work's own transaction, so a crash must leave both or neither.
 */
export async function unansweredIdempotencyKeys(t: TestApp) {
  return t.ctx.db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(isNull(idempotencyKeys.responseStatus));
}
