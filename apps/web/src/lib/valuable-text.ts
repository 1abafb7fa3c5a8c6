// What a holding is called and where it is kept, in the page's language. The server stores the
// cash position and traded positions under English words ("Cash", "Gold", "Secure Vault"); these
// are named from the catalogue by symbol instead. Items and places that staff named keep their
// own words. `t` must have the catalogue namespace loaded.
import type { TFunction } from 'i18next';
import { cashSymbol, findAsset } from '@secure-vault/shared/catalogue';

/** A valuable, or a journal row, that names what it holds. */
interface Named {
  assetSymbol: string | null;
  itemName: string | null;
}

const locationKeys = { metal: 'secureVault', crypto: 'digitalWallet' } as const;

export function isCash(holding: Pick<Named, 'assetSymbol'>): boolean {
  return holding.assetSymbol === cashSymbol;
}

/** Cash, a listed asset by its catalogue name, or the staff's name (null when there is none). */
export function holdingName(t: TFunction, holding: Named & { itemName: string }): string;
export function holdingName(t: TFunction, holding: Named): string | null;
export function holdingName(t: TFunction, holding: Named): string | null {
  if (isCash(holding)) return t('catalogue:cash');
  const asset = holding.assetSymbol ? findAsset(holding.assetSymbol) : undefined;
  if (asset) return t(`catalogue:${asset.symbol}.name`);
  return holding.itemName;
}

/** The account for cash, the vault or the wallet for a traded asset, else the stored place. */
export function storageLocationText(
  t: TFunction,
  holding: { assetSymbol: string | null; storageLocation: string | null },
): string | null {
  if (isCash(holding)) return t('catalogue:locations.account');
  const asset = holding.assetSymbol ? findAsset(holding.assetSymbol) : undefined;
  if (asset) return t(`catalogue:locations.${locationKeys[asset.kind]}`);
  return holding.storageLocation;
}
