// The listed assets as the ledger's SQL functions read them (p_assets): each symbol's quantity
// decimals, kind (metals can be delivered, crypto cannot) and how a new position of it is
// described. Their prices are the book's, read by the functions themselves (ledger_price,
// decision 028), never a client's.
import { assets, quantityDecimals } from '@secure-vault/shared/catalogue';
import { newPosition } from './trade.ts';

export const listedAssets = JSON.stringify(
  Object.fromEntries(
    assets.map((asset) => [
      asset.symbol,
      {
        decimals: quantityDecimals(asset),
        kind: asset.kind,
        new: newPosition(asset),
      },
    ]),
  ),
);
