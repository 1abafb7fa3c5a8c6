// Traded positions (DESIGN §2): one active valuable per user and asset symbol, its value always
// quantity × listed price. Locks, creation and changes, each change journalled in the caller's
// transaction. Lock order everywhere: cash first (ledger.ts), then positions by symbol.
import { and, eq, inArray } from 'drizzle-orm';
import { type Asset, priceOf, storageLocations } from '@secure-vault/shared';
import type { LedgerKind } from '@secure-vault/shared/history';
import { type Dec, dec, toFixedString } from '@secure-vault/shared/money';
import { valuables } from '../../db/vault-schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordMovements, type Tx } from '../vault/ledger.ts';

export interface Position {
  id: string;
  itemName: string;
  quantity: Dec;
  value: Dec;
}

const positionColumns = {
  id: valuables.id,
  itemName: valuables.itemName,
  quantity: valuables.quantity,
  value: valuables.estimatedValue,
};

function toPosition(row: {
  id: string;
  itemName: string;
  quantity: string | null;
  value: string | null;
}): Position {
  return {
    id: row.id,
    itemName: row.itemName,
    quantity: dec(row.quantity ?? '0'),
    value: dec(row.value ?? '0'),
  };
}

/** The user's active position in an asset, locked for the transaction, or null. */
export async function lockActivePosition(
  tx: Tx,
  userId: string,
  symbol: string,
): Promise<Position | null> {
  const [row] = await tx
    .select(positionColumns)
    .from(valuables)
    .where(
      and(
        eq(valuables.userId, userId),
        eq(valuables.assetSymbol, symbol),
        eq(valuables.status, 'active'),
      ),
    )
    .for('update');
  return row ? toPosition(row) : null;
}

/** The active position, created empty (stored where SPEC §9 says) when the user has none. */
export async function lockOrCreatePosition(
  tx: Tx,
  userId: string,
  asset: Asset,
  at: Date,
): Promise<Position> {
  const existing = await lockActivePosition(tx, userId, asset.symbol);
  if (existing) return existing;
  const [created] = await tx
    .insert(valuables)
    .values({
      userId,
      itemName: asset.name,
      itemType: asset.kind === 'metal' ? 'precious_metals' : 'crypto',
      estimatedValue: '0',
      storageLocation: storageLocations[asset.kind].holding,
      assetSymbol: asset.symbol,
      quantity: '0',
      unit: asset.unit,
      status: 'active',
      dateStored: at,
      createdAt: at,
      updatedAt: at,
    })
    // Someone else created it meanwhile (not a trade: trades hold the cash lock): use theirs.
    .onConflictDoNothing()
    .returning(positionColumns);
  if (created) return toPosition(created);
  const raced = await lockActivePosition(tx, userId, asset.symbol);
  if (!raced) throw new Error(`position ${asset.symbol} missing after insert`);
  return raced;
}

/**
 * The position a sale would take from: the active one, or a refusal. A user with no active
 * position but a locked (fixed term) or in-delivery holding of the asset hears why they
 * cannot sell it.
 */
export async function lockPositionToSell(
  tx: Tx,
  userId: string,
  asset: Asset,
  quantity: Dec,
): Promise<Position> {
  const position = await lockActivePosition(tx, userId, asset.symbol);
  if (!position) {
    const [unavailable] = await tx
      .select({ status: valuables.status })
      .from(valuables)
      .where(
        and(
          eq(valuables.userId, userId),
          eq(valuables.assetSymbol, asset.symbol),
          inArray(valuables.status, ['locked', 'in_delivery']),
        ),
      )
      .limit(1);
    if (unavailable) {
      throw new AppError(
        'ASSET_UNAVAILABLE',
        unavailable.status === 'locked'
          ? `Your ${asset.name} is fixed for a term and cannot be sold until it ends.`
          : `Your ${asset.name} is out for delivery and cannot be sold.`,
      );
    }
  }
  const held = position?.quantity ?? dec(0);
  if (!position || held.lessThan(quantity)) {
    throw new AppError(
      'INSUFFICIENT_HOLDING',
      `You want to sell ${quantity.toString()} ${asset.unit === 'mg' ? 'mg' : 'units'} of ${asset.name} but only hold ${held.toString()}.`,
    );
  }
  return position;
}

export interface PositionMovement {
  userId: string;
  kind: LedgerKind;
  reference: string;
  actorId: string | null;
}

/**
 * Adds `quantityDelta` (negative to take away) to a locked position, revalues it at the listed
 * price and journals the change; a position that reaches zero is deleted after its journal
 * row is written (journal rows keep the valuable id). Returns the new quantity and the value
 * change. The caller has checked that the quantity does not go below zero.
 */
export async function movePosition(
  tx: Tx,
  position: Position,
  asset: Asset,
  quantityDelta: Dec,
  movement: PositionMovement,
  at: Date,
): Promise<{ quantity: Dec; valueDelta: Dec }> {
  const quantity = position.quantity.plus(quantityDelta);
  if (quantity.isNegative()) throw new Error('a position cannot go below zero');
  const value = quantity.times(priceOf(asset));
  const valueDelta = value.minus(position.value);
  await recordMovements(
    tx,
    [
      {
        userId: movement.userId,
        valuableId: position.id,
        assetSymbol: asset.symbol,
        itemName: position.itemName,
        kind: movement.kind,
        quantityDelta,
        valueDelta,
        reference: movement.reference,
        actorId: movement.actorId,
      },
    ],
    at,
  );
  if (quantity.isZero()) {
    await tx.delete(valuables).where(eq(valuables.id, position.id));
  } else {
    await tx
      .update(valuables)
      .set({
        quantity: toFixedString(quantity),
        estimatedValue: toFixedString(value),
        updatedAt: at,
      })
      .where(eq(valuables.id, position.id));
  }
  position.quantity = quantity;
  position.value = value;
  return { quantity, valueDelta };
}
