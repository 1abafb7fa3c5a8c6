// POST /api/v1/me/recurring-buys/:id/cancel (issue 29): stops a plan for good, its history kept;
// CONFLICT when it is already cancelled.
import * as recurring from '@secure-vault/shared/recurring/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useCancelRecurringBuy() {
  return useApiMutation(recurring.cancelRecurringBuy);
}
