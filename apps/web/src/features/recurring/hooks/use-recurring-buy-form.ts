// The recurring buy form's state and submission (issue 29): the contract's body schema checks it,
// a 21st plan is refused before it is sent, and the server's refusals land on their fields (a
// 21st plan and an unlisted asset on the amount, the symbol having no field of its own); anything
// else is the form's own refusal. Switching to weekly keeps a day a week has, else takes Monday.
import type { Asset } from '@secure-vault/shared/catalogue';
import {
  maxRecurringBuys,
  type RecurringFrequency,
  recurringBuyInputSchema,
} from '@secure-vault/shared/recurring';
import { apiErrorText } from '@/lib/api-error-text';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCreateRecurringBuy } from '../api/create-recurring-buy';
import { scheduleText } from '../recurring-text';

const firstDay = 1;

export function useRecurringBuyForm(asset: Asset, keptCount: number | undefined) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const form = useSchemaForm(recurringBuyInputSchema, {
    defaultValues: { symbol: asset.symbol, amount: '', frequency: 'weekly', day: firstDay },
  });
  const create = useCreateRecurringBuy();

  const onFrequencyChange = (frequency: RecurringFrequency) => {
    const day = form.getValues('day');
    if (frequency === 'weekly' && !(day >= 1 && day <= 7)) form.setValue('day', firstDay);
    if (form.formState.errors.day) void form.trigger('day');
  };

  const onSubmit = form.handleSubmit((body) => {
    form.clearErrors('root');
    if (keptCount !== undefined && keptCount >= maxRecurringBuys) {
      form.setError('amount', { type: 'validate', message: 'trading:recurring.errors.tooMany' });
      return;
    }
    create.mutate(
      { body },
      {
        onSuccess: (plan) => {
          form.reset({ ...body, amount: '' });
          const name = t(`catalogue:${asset.symbol}.name`);
          toast.success(t('recurring.created', { name, schedule: scheduleText(t, plan) }));
        },
        onError: (error) => {
          if (setServerIssues(form, error)) return;
          if (error.code === 'UNKNOWN_ASSET') {
            const message = 'trading:recurring.errors.unknownAsset';
            form.setError('amount', { type: 'server', message }, { shouldFocus: true });
            return;
          }
          const text = apiErrorText(t, error, t('recurring.tryAgain'));
          form.setError('root', { type: 'server', message: text });
        },
      },
    );
  });

  return { form, onSubmit, onFrequencyChange, isSending: create.isPending };
}
