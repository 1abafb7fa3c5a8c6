// What the swap dialog offers to give: the customer's active metal and crypto positions with
// something in them (cash and custody items are not traded).
import { findAsset, type Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { Valuable } from '@secure-vault/shared/vault';
import * as vault from '@secure-vault/shared/vault/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/lib/api-query';

export interface SwappableHolding {
  asset: Asset;
  quantity: string;
  value: string;
}

export function toSwappableHoldings(valuables: Valuable[]): SwappableHolding[] {
  const holdings: SwappableHolding[] = [];
  for (const valuable of valuables) {
    const asset = valuable.assetSymbol ? findAsset(valuable.assetSymbol) : undefined;
    if (!asset || valuable.status !== 'active' || valuable.quantity === null) continue;
    if (!dec(valuable.quantity).greaterThan(0)) continue;
    holdings.push({ asset, quantity: valuable.quantity, value: valuable.estimatedValue ?? '0' });
  }
  return holdings;
}

export function useSwappableHoldings() {
  return useQuery({
    ...apiQueryOptions(vault.getValuables, { query: { excludeCash: 'true' } }),
    select: toSwappableHoldings,
  });
}
