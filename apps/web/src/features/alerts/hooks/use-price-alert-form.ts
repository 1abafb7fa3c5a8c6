// The price alert form's state and submission (issue 29): the contract's body schema checks it,
// a 51st waiting alert is refused before it is sent, and the server's refusals land on the price
// field (the symbol has no field of its own); anything else is the form's own refusal.
import type { Asset } from '@secure-vault/shared/catalogue';
import { maxActiveAlerts, priceAlertInputSchema } from '@secure-vault/shared/alerts';
import { apiErrorText } from '@/lib/api-error-text';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCreatePriceAlert } from '../api/create-price-alert';
import { alertLevelText } from '../alert-text';

export function usePriceAlertForm(asset: Asset, waitingCount: number | undefined) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const form = useSchemaForm(priceAlertInputSchema, {
    defaultValues: { symbol: asset.symbol, direction: 'above', price: '' },
  });
  const create = useCreatePriceAlert();

  const onSubmit = form.handleSubmit((body) => {
    form.clearErrors('root');
    if (waitingCount !== undefined && waitingCount >= maxActiveAlerts) {
      form.setError('price', { type: 'validate', message: 'trading:alerts.errors.tooMany' });
      return;
    }
    create.mutate(
      { body },
      {
        onSuccess: (alert) => {
          form.reset({ symbol: asset.symbol, direction: body.direction, price: '' });
          const name = t(`catalogue:${asset.symbol}.name`);
          toast.success(t('alerts.created', { name, level: alertLevelText(t, alert) }));
        },
        onError: (error) => {
          if (setServerIssues(form, error)) return;
          if (error.code === 'UNKNOWN_ASSET') {
            const message = 'trading:alerts.errors.unknownAsset';
            form.setError('price', { type: 'server', message }, { shouldFocus: true });
            return;
          }
          const text = apiErrorText(t, error, t('alerts.tryAgain'));
          form.setError('root', { type: 'server', message: text });
        },
      },
    );
  });

  return { form, onSubmit, isSending: create.isPending };
}
