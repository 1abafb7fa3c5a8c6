// GET /api/v1/me/orders (issue 29): the customer's limit orders, the open ones first, then the last
// ones filled, cancelled or expired. Read again when one is placed or cancelled (`orders`), and
// when the vault moves or a notice arrives (`valuables`, `notifications`), which is how a fill or
// an expiry is told.
import * as orders from '@secure-vault/shared/orders/contracts';
import { useApiQuery } from '@/lib/api-query';

export function useLimitOrders() {
  return useApiQuery(orders.listLimitOrders);
}
