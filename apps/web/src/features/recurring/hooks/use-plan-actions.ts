// Pausing, resuming and cancelling one recurring buy (issue 29), each said in a toast. A plan
// changed meanwhile elsewhere (CONFLICT) or gone (NOT_FOUND) is said as such: the list, read
// again once the call settles, shows where it stands.
import type { RecurringBuy } from '@secure-vault/shared/recurring';
import { apiErrorText } from '@/lib/api-error-text';
import type { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCancelRecurringBuy } from '../api/cancel-recurring-buy';
import { usePauseRecurringBuy } from '../api/pause-recurring-buy';
import { useResumeRecurringBuy } from '../api/resume-recurring-buy';

export type PlanAction = 'pause' | 'resume' | 'cancel';

const done = {
  pause: 'recurring.paused',
  resume: 'recurring.resumed',
  cancel: 'recurring.cancelled',
};

export function usePlanActions(plan: RecurringBuy, onDone: (action: PlanAction) => void) {
  const { t } = useTranslation(['trading', 'auth']);
  const mutations = {
    pause: usePauseRecurringBuy(),
    resume: useResumeRecurringBuy(),
    cancel: useCancelRecurringBuy(),
  };
  const pending = (['pause', 'resume', 'cancel'] as const).find(
    (action) => mutations[action].isPending,
  );

  const onError = (error: ApiError) => {
    const description =
      error.code === 'CONFLICT' || error.code === 'NOT_FOUND'
        ? t('recurring.changedElsewhere')
        : apiErrorText(t, error, t('recurring.tryAgain'));
    toast.error(t('recurring.changeFailed'), { description });
  };

  const run = (action: PlanAction) => {
    if (pending) return;
    mutations[action].mutate(
      { params: { id: plan.id } },
      {
        onSuccess: () => {
          toast.success(t(done[action]));
          onDone(action);
        },
        onError,
      },
    );
  };

  return { run, pending };
}
