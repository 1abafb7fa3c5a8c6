// The listed assets as the ledger's SQL functions read them (p_assets): each symbol's price,
// quantity decimals, kind (metals can be delivered, crypto cannot) and how a new position of it
// is described. Prices come from the catalogue, never from a client.
import { assets, quantityDecimals } from '@secure-vault/shared/catalogue';
import { newPosition } from './trade.ts';

export const listedAssets = JSON.stringify(
  Object.fromEntries(
    assets.map((asset) => [
      asset.symbol,
      {
        price: asset.price,
        decimals: quantityDecimals(asset),
        kind: asset.kind,
        new: newPosition(asset),
      },
    ]),
  ),
);
