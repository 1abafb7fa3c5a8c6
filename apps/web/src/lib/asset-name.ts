// A listed asset's name in the reader's language, for screens that know it only by its symbol
// (a price change in Approvals, the staff Prices tab). `t` must have the catalogue namespace.
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';

/** "Gold" for AU; the symbol itself when the catalogue does not list it. */
export function assetName(t: TFunction, symbol: string): string {
  const asset = findAsset(symbol);
  return asset ? t(`catalogue:${asset.symbol}.name`) : symbol;
}
