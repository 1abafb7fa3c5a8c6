// POST /api/v1/me/recurring-buys/:id/resume (issue 29): a paused plan buys again from its next day;
// CONFLICT when it is not paused.
import * as recurring from '@secure-vault/shared/recurring/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useResumeRecurringBuy() {
  return useApiMutation(recurring.resumeRecurringBuy);
}
