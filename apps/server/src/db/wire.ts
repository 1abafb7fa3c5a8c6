// Rows to the JSON the API sends (camelCase, decimal strings, ISO times), shared by the
// customer's and the staff's vault routes.
import type { AdminValuable, Profile, Valuable } from '@secure-vault/shared/vault';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import { sql } from 'drizzle-orm';
import type { profiles } from './schema.ts';
import { valuables } from './vault-schema.ts';

/**
 * What a valuable is worth now (prices_value, decision 028): a listed asset's quantity at the
 * book's sell price, anything else as stored. A position's stored value is the one its last
 * movement gave it, kept for the journal; every figure a screen shows is this.
 */
export const valueNow = sql<
  string | null
>`prices_value(${valuables.assetSymbol}, ${valuables.quantity}, ${valuables.estimatedValue})`;

/** The columns a Valuable is made of, for `select(valuableColumns)`. */
export const valuableColumns = {
  id: valuables.id,
  userId: valuables.userId,
  itemName: valuables.itemName,
  itemType: valuables.itemType,
  estimatedValue: valueNow,
  description: valuables.description,
  storageLocation: valuables.storageLocation,
  assetSymbol: valuables.assetSymbol,
  quantity: valuables.quantity,
  unit: valuables.unit,
  status: valuables.status,
  dateStored: valuables.dateStored,
  createdAt: valuables.createdAt,
};

export type ValuableRow = Pick<typeof valuables.$inferSelect, keyof typeof valuableColumns>;

export function toValuable(row: ValuableRow): Valuable {
  return {
    id: row.id,
    userId: row.userId,
    itemName: row.itemName,
    itemType: row.itemType,
    estimatedValue: row.estimatedValue,
    description: row.description,
    storageLocation: row.storageLocation,
    assetSymbol: row.assetSymbol,
    quantity: row.quantity,
    unit: row.unit,
    status: row.status,
    dateStored: row.dateStored.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminValuable(row: ValuableRow & { userEmail: string }): AdminValuable {
  return { ...toValuable(row), userEmail: row.userEmail };
}

/** A book balance with at least the cents ("0" → "0.00"), never rounded. */
export function bookBalanceString(value: string): string {
  const amount = dec(value);
  return toFixedString(amount, Math.max(usdScale, amount.decimalPlaces()));
}

export function toProfile(row: typeof profiles.$inferSelect): Profile {
  return {
    userId: row.userId,
    email: row.email,
    fullName: row.fullName,
    bookBalance: bookBalanceString(row.bookBalance),
    kycCompleted: row.kycCompleted,
    dateOfBirth: row.dateOfBirth,
    country: row.country,
    city: row.city,
    streetAddress: row.streetAddress,
    postalCode: row.postalCode,
    phoneNumber: row.phoneNumber,
    accountNumber: row.accountNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * SPEC §9's rule for what counts toward net worth (the vault summary's): every valuable still in
 * the vault (not delivered), cash included; cash is the active USD position. Net worth less cash
 * is the account overview's total assets. `isCash` is null-safe, since custody items have no
 * symbol and `not isCash` must hold for them.
 */
export const inVault = sql`${valuables.status} <> 'delivered'`;
export const isCash = sql`${valuables.assetSymbol} is not distinct from 'USD' and ${valuables.status} = 'active'`;
