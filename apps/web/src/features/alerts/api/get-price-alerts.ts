// GET /api/v1/me/price-alerts (issue 29): the customer's price alerts, the waiting ones first,
// then the last ones that fired. Read again when one is set or removed (`priceAlerts`) and when
// a notice arrives (`notifications`), which is how the server says one has fired.
import * as alerts from '@secure-vault/shared/alerts/contracts';
import { useApiQuery } from '@/lib/api-query';

export function usePriceAlerts() {
  return useApiQuery(alerts.listPriceAlerts);
}
