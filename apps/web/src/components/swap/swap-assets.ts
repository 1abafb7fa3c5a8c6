// The swap dialog's calls: the customer's traded holdings (GET /me/valuables) and the swap
// itself (POST /swaps with an Idempotency-Key). Components cannot use a feature's api/ folder,
// so the dialog keeps its own.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findAsset, type Asset } from '@secure-vault/shared/catalogue';
import { idempotencyHeader, type SwapResult } from '@secure-vault/shared/history';
import { dec } from '@secure-vault/shared/money';
import type { SwapRequest } from '@secure-vault/shared/trading';
import type { Valuable } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { vaultQueryKeys } from '@/lib/query-keys';
import { invalidateAfterTrade } from '@/lib/trade';

export interface SwappableHolding {
  asset: Asset;
  quantity: string;
  value: string;
}

/** Active metal and crypto positions with something in them; cash and custody items are not traded. */
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

export function getSwappableHoldingsQueryOptions() {
  return queryOptions({
    queryKey: [...vaultQueryKeys.valuables, { excludeCash: true }],
    queryFn: () => api.get<Valuable[]>('/me/valuables?excludeCash=true'),
    select: toSwappableHoldings,
  });
}

export function useSwappableHoldings() {
  return useQuery(getSwappableHoldingsQueryOptions());
}

export function swapAssets({
  swap,
  idempotencyKey,
}: {
  swap: SwapRequest;
  idempotencyKey: string;
}): Promise<SwapResult> {
  return api.post<SwapResult>('/swaps', swap, { headers: { [idempotencyHeader]: idempotencyKey } });
}

export function useSwapAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapAssets,
    onSettled: () => invalidateAfterTrade(queryClient),
  });
}
