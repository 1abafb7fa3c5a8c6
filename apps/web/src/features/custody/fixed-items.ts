// What /fixed-assets can fix and what a term earns on it (SPEC §9; DESIGN §5). Eligible: an
// active holding with a positive value that is not cash; locked (already fixed), in-delivery and
// reserved (held for an open limit order) holdings are listed but cannot be chosen. A traded position may be fixed in part, by quantity;
// any other item is fixed whole. The figures are the server's: the value of a position is its
// quantity at the listed price, the profit is value × rate in whole cents rounded down (what is
// credited at maturity), and the total return is value plus profit.
import {
  type Asset,
  cashSymbol,
  findAsset,
  priceOf,
  quantityDecimals,
} from '@secure-vault/shared/catalogue';
import { centsDown, dec } from '@secure-vault/shared/money';
import type { Valuable } from '@secure-vault/shared/vault';

/** Why a listed holding cannot be fixed now. */
export type FixedUnavailableReason = 'locked' | 'in_delivery' | 'reserved' | 'notValued';

export interface FixedItem {
  valuable: Valuable;
  /** A listed traded position is fixed by quantity; anything else as a whole. */
  kind: 'position' | 'whole';
  /** The listed asset of a traded position. */
  asset: Asset | null;
  /** The quantity held of a position; null for a whole item. */
  available: string | null;
  /** Decimals a typed quantity may have: the asset's smallest unit (mg to 3, BTC to 8). */
  decimals: number;
  unavailable: FixedUnavailableReason | null;
}

function reasonOf(valuable: Valuable): FixedUnavailableReason | null {
  const { status } = valuable;
  if (status === 'locked' || status === 'in_delivery' || status === 'reserved') return status;
  if (valuable.estimatedValue === null || !dec(valuable.estimatedValue).greaterThan(0)) {
    return 'notValued';
  }
  return null;
}

function toItem(valuable: Valuable): FixedItem {
  // A position the catalogue no longer lists cannot be split: the server fixes it whole.
  const asset = valuable.assetSymbol ? (findAsset(valuable.assetSymbol) ?? null) : null;
  return {
    valuable,
    kind: asset ? 'position' : 'whole',
    asset,
    available: asset ? valuable.quantity : null,
    decimals: asset ? quantityDecimals(asset) : 0,
    unavailable: reasonOf(valuable),
  };
}

/**
 * The holdings the picker lists: traded positions first, then the other items, each in the
 * server's order. Left out: cash, delivered items, negative entries (reductions) and positions
 * with nothing in them. An item without a value is listed, disabled: it has nothing to earn on.
 */
export function fixedItems(valuables: readonly Valuable[]): FixedItem[] {
  return valuables
    .filter((valuable) => valuable.assetSymbol !== cashSymbol && valuable.status !== 'delivered')
    .filter((valuable) => valuable.estimatedValue === null || dec(valuable.estimatedValue).gte(0))
    .map(toItem)
    .filter((item) => item.kind === 'whole' || dec(item.available ?? '0').greaterThan(0))
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        Number(a.item.kind === 'whole') - Number(b.item.kind === 'whole') || a.index - b.index,
    )
    .map(({ item }) => item);
}

/** True when at least one listed holding can be fixed now. */
export function hasFixable(items: readonly FixedItem[]): boolean {
  return items.some((item) => item.unavailable === null);
}

/** True when `quantity` is the whole position: then the holding itself is fixed. */
export function isWholeQuantity(item: FixedItem, quantity: string | undefined): boolean {
  return (
    quantity === undefined ||
    (item.available !== null && /^\d+(\.\d+)?$/.test(quantity) && dec(quantity).eq(item.available))
  );
}

/**
 * The dollars a term is fixed on, as the server takes them: the holding's value when the whole
 * of it is fixed, else `quantity` at the listed price. Null when no value can be told.
 */
export function fixedValue(item: FixedItem, quantity: string | undefined): string | null {
  if (!item.asset || isWholeQuantity(item, quantity)) return item.valuable.estimatedValue;
  if (quantity === undefined || !/^\d+(\.\d+)?$/.test(quantity)) return null;
  return priceOf(item.asset).times(quantity).toFixed();
}

export interface TermFigures {
  /** value × rate in whole cents, rounded down: what is credited at maturity. */
  profit: string;
  /** value + profit. */
  total: string;
}

export function termFigures(value: string, interestRate: string): TermFigures {
  const profit = centsDown(dec(value).times(interestRate));
  return { profit: profit.toFixed(2), total: dec(value).plus(profit).toFixed() };
}
