// POST /api/v1/me/orders (issue 29): buy at or below a limit, or sell at or above it, reserving
// what the order needs while it is open. Sent with an Idempotency-Key: a retry of the same order
// reserves nothing again. The server refuses a 101st open order as VALIDATION on `quantity`, and a
// day out of range on `goodUntil`.
import * as orders from '@secure-vault/shared/orders/contracts';
import { useApiMutation } from '@/lib/api-query';

export function usePlaceLimitOrder() {
  return useApiMutation(orders.placeLimitOrder);
}
