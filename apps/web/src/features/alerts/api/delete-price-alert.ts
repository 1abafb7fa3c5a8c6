// DELETE /api/v1/me/price-alerts/:id (issue 29): removes one of the customer's alerts, waiting
// or fired.
import * as alerts from '@secure-vault/shared/alerts/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useDeletePriceAlert() {
  return useApiMutation(alerts.deletePriceAlert);
}
