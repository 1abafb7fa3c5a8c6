// Journal rows written straight into the table, for tests that need a history the movements
// would take long to build (many rows, old dates, kinds no route makes alone). The product writes
// journal rows only through the ledger's SQL functions. Each customer row gets its other side on
// the world account, so the transaction balances as the database requires (decision 021).
import type { LedgerKind } from '@secure-vault/shared/history';
import { type Dec, dec, toFixedString } from '@secure-vault/shared/money';
import type { Tx } from '../db/in-transaction.ts';
import { ledgerEntries } from '../db/vault-schema.ts';

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
  const world = movements.map((m) => ({
    account: 'world' as const,
    assetSymbol: m.assetSymbol,
    kind: m.kind,
    quantityDelta: m.quantityDelta === null ? null : toFixedString(dec(m.quantityDelta).negated()),
    valueDelta: toFixedString(dec(m.valueDelta).negated()),
    reference: m.reference ?? null,
    createdAt: at,
  }));
  await tx.insert(ledgerEntries).values([
    ...movements.map((m) => ({
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
    ...world,
  ]);
}
