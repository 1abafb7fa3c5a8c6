// The core of every money and asset movement (DESIGN §2, §3): lock the rows a transaction
// touches, change them, and append the journal rows in the same transaction. Services call
// these inside `ctx.db.transaction(async (tx) => …)`; nothing here opens its own transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '@secure-vault/shared/history';
import type { RealtimeTopic } from '@secure-vault/shared/vault';
import { type Dec, dec, toFixedString } from '@secure-vault/shared/money';
import type { Db } from '../../db/client.ts';
import { cashSymbol, ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { AppError } from '../../http/errors.ts';

/** A transaction handle (or the database itself, for single statements). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Movement {
  userId: string;
  valuableId: string | null;
  assetSymbol: string | null;
  itemName: string | null;
  kind: LedgerKind;
  quantityDelta: Dec | string | null;
  valueDelta: Dec | string;
  reference?: string | null;
  /** The staff member or impersonator acting for the user. */
  actorId?: string | null;
}

export async function recordMovements(tx: Tx, movements: Movement[], at: Date): Promise<void> {
  if (movements.length === 0) return;
  await tx.insert(ledgerEntries).values(
    movements.map((m) => ({
      userId: m.userId,
      valuableId: m.valuableId,
      assetSymbol: m.assetSymbol,
      itemName: m.itemName,
      kind: m.kind,
      quantityDelta: m.quantityDelta === null ? null : toFixedString(m.quantityDelta),
      valueDelta: toFixedString(m.valueDelta),
      reference: m.reference ?? null,
      actorId: m.actorId ?? null,
      createdAt: at,
    })),
  );
}

export interface CashPosition {
  id: string;
  balance: Dec;
}

/**
 * Locks the user's one cash position (creating it at zero when missing) for the rest of the
 * transaction. Lock cash first, then other positions in symbol order, to avoid deadlocks.
 */
export async function lockCashPosition(tx: Tx, userId: string, at: Date): Promise<CashPosition> {
  await tx.execute(sql`
    insert into valuables (user_id, item_name, item_type, estimated_value, storage_location, asset_symbol, status, date_stored, created_at, updated_at)
    values (${userId}, 'Cash', 'cash', 0, 'Account', ${cashSymbol}, 'active', ${at}, ${at}, ${at})
    on conflict (user_id, asset_symbol) where asset_symbol is not null and status = 'active' do nothing`);
  const [row] = await tx
    .select({ id: valuables.id, balance: valuables.estimatedValue })
    .from(valuables)
    .where(
      and(
        eq(valuables.userId, userId),
        eq(valuables.assetSymbol, cashSymbol),
        eq(valuables.status, 'active'),
      ),
    )
    .for('update');
  if (!row) throw new Error('cash position missing after upsert');
  return { id: row.id, balance: dec(row.balance ?? '0') };
}

/** Formats "$1,234.50" for server messages (the web app shows its own translation). */
export function usd(value: Dec | string): string {
  const fixed = dec(value).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  return `${fixed.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * Adds `delta` (negative to debit) to the locked cash position and journals it. A debit past
 * zero is refused with INSUFFICIENT_CASH and SPEC §8's message.
 */
export async function changeCash(
  tx: Tx,
  cash: CashPosition,
  userId: string,
  delta: Dec,
  movement: { kind: LedgerKind; reference?: string | null; actorId?: string | null },
  at: Date,
): Promise<Dec> {
  const balance = cash.balance.plus(delta);
  if (balance.isNegative()) {
    throw new AppError(
      'INSUFFICIENT_CASH',
      `You need ${usd(delta.negated())} but only have ${usd(cash.balance)} in cash.`,
    );
  }
  await tx
    .update(valuables)
    .set({ estimatedValue: toFixedString(balance), updatedAt: at })
    .where(eq(valuables.id, cash.id));
  await recordMovements(
    tx,
    [
      {
        userId,
        valuableId: cash.id,
        assetSymbol: cashSymbol,
        itemName: 'Cash',
        quantityDelta: null,
        valueDelta: delta,
        ...movement,
      },
    ],
    at,
  );
  cash.balance = balance;
  return balance;
}

/** Tells the user's open pages that something changed; delivered when the transaction commits. */
export async function notifyUser(tx: Tx, userId: string, topic: RealtimeTopic): Promise<void> {
  await tx.execute(sql`select pg_notify('sv_user_events', ${JSON.stringify({ userId, topic })})`);
}
