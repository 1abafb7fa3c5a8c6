// POST /api/v1/me/recurring-buys/:id/pause (issue 29): no period buys until resumed; CONFLICT when
// the plan is not active (paused or cancelled elsewhere meanwhile).
import * as recurring from '@secure-vault/shared/recurring/contracts';
import { useApiMutation } from '@/lib/api-query';

export function usePauseRecurringBuy() {
  return useApiMutation(recurring.pauseRecurringBuy);
}
