// POST /api/v1/admin/prices/:symbol (decision 028, DESIGN §4 "Dual control"): proposes an asset's
// buy and sell prices, which take effect only once another staff member approves them in
// Approvals. Sent with an Idempotency-Key; CONFLICT while another change to the asset waits.
import * as prices from '@secure-vault/shared/prices/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useProposePriceChange() {
  return useApiMutation(prices.proposePriceChange);
}
