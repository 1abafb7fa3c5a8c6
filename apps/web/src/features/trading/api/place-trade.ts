import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeader, type TradeResult } from '@secure-vault/shared/history';
import type { TradeRequest } from '@secure-vault/shared/trading';
import { api } from '@/lib/api-client';
import { invalidateAfterTrade } from '@/lib/trade';

export interface PlaceTradeInput {
  order: TradeRequest;
  /** The same key for a retry of this order, a new one for the next (lib/trade.ts). */
  idempotencyKey: string;
}

/** Buys or sells at the listed price; the server prices the order from the catalogue. */
export function placeTrade({ order, idempotencyKey }: PlaceTradeInput): Promise<TradeResult> {
  return api.post<TradeResult>('/trades', order, {
    headers: { [idempotencyHeader]: idempotencyKey },
  });
}

export function usePlaceTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeTrade,
    onSettled: () => invalidateAfterTrade(queryClient),
  });
}
