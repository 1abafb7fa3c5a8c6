// POST /api/v1/me/orders/:id/cancel (issue 29): releases what an open order reserved; CONFLICT
// when it has already filled, been cancelled or expired.
import * as orders from '@secure-vault/shared/orders/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useCancelLimitOrder() {
  return useApiMutation(orders.cancelLimitOrder);
}
