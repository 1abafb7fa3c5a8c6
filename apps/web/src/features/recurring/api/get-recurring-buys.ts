// GET /api/v1/me/recurring-buys (issue 29): the customer's recurring buys, active and paused first,
// each with when it buys next and its last periods. Read again when one is set up or changed
// (`recurringBuys`), and when cash moves or a notice arrives (`valuables`, `notifications`), which
// is how a period that ran is told.
import * as recurring from '@secure-vault/shared/recurring/contracts';
import { useApiQuery } from '@/lib/api-query';

export function useRecurringBuys() {
  return useApiQuery(recurring.listRecurringBuys);
}
