// Journal rows and realtime notices for the movements written in TypeScript transactions (staff
// custody changes); the one-statement movements do the same inside their SQL functions.
import { sql } from 'drizzle-orm';
import type { LedgerKind } from '@secure-vault/shared/history';
import { type Dec, toFixedString } from '@secure-vault/shared/money';
import type { RealtimeTopic } from '@secure-vault/shared/realtime';
import type { Tx } from '../db/in-transaction.ts';
import { assertNoticing } from '../db/notices.ts';
import { ledgerEntries } from '../db/vault-schema.ts';

export type { Tx };

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

/**
 * Notes that the user's open pages should refetch the topic; `Database.transaction` sends it once
 * the transaction has committed (db/notices.ts).
 */
export async function notifyUser(tx: Tx, userId: string, topic: RealtimeTopic): Promise<void> {
  assertNoticing(tx);
  await tx.execute(sql`select ledger_notify(p_user => ${userId}::uuid, p_topic => ${topic}::text)`);
}
