// GET /api/v1/admin/orders/:symbol (issue 29): the open limit orders of one asset, with what each
// reserves and the totals, for the Prices tab. Under the panel's key, so any staff change reads it
// again.
import * as orders from '@secure-vault/shared/orders/contracts';
import { useApiQuery } from '@/lib/api-query';

export function useOpenOrders(symbol: string) {
  return useApiQuery(orders.listOpenOrders, { params: { symbol } });
}
