// POST /api/v1/me/recurring-buys (issue 29): a fixed amount into an asset every week or month. The
// server refuses a 21st plan as VALIDATION on `amount`, and an unlisted asset as UNKNOWN_ASSET.
import * as recurring from '@secure-vault/shared/recurring/contracts';
import { useApiMutation } from '@/lib/api-query';

export function useCreateRecurringBuy() {
  return useApiMutation(recurring.createRecurringBuy);
}
