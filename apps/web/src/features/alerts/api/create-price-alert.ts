// POST /api/v1/me/price-alerts (issue 29): sets an alert on an asset's sell price. The server
// refuses a level the book is already past, and a 51st waiting alert, as VALIDATION on `price`.
import * as alerts from '@secure-vault/shared/alerts/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useCreatePriceAlert() {
  return useApiMutation(alerts.createPriceAlert);
}
