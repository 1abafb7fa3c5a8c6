// A tracking record's form (SPEC §5 admin tracking record): the delivery request (chosen here in
// the Tracking tab, fixed when the form sits under one request), the status (required), and an
// optional location and message. Checked with the contract's body schema, extended with the
// request and the statuses this form offers; the server's issues land on their fields.
import { z } from 'zod';
import * as custody from '@secure-vault/shared/custody/contracts';
import {
  type AdminDelivery,
  type TrackingStatus,
  trackingInputSchema,
} from '@secure-vault/shared/custody';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { deliveryItemName } from './delivery-cells';

type Statuses = readonly [TrackingStatus, ...TrackingStatus[]];

/** SPEC §4: the Tracking tab's dialog offers every status but shipped and out for delivery. */
export const dialogTrackingStatuses = [
  'pending',
  'processing',
  'in_transit',
  'delivered',
  'cancelled',
] as const satisfies Statuses;

function trackingFormSchema(statuses: Statuses) {
  return trackingInputSchema.extend({
    deliveryId: z.uuid('admin:tracking.errors.deliveryRequired'),
    status: z.enum(statuses, 'custody:errors.statusRequired'),
  });
}

export interface TrackingFormTexts {
  submit: string;
  saving: string;
  /** The toast once the record is added. */
  added: string;
  failedTitle: string;
  failedBody: string;
}

export function TrackingForm({
  idPrefix,
  statuses,
  deliveryId,
  deliveries,
  texts,
  onAdded,
  onCancel,
}: {
  idPrefix: string;
  statuses: Statuses;
  /** The request the record is for; without it, `deliveries` are offered to choose from. */
  deliveryId?: string;
  deliveries?: AdminDelivery[];
  texts: TrackingFormTexts;
  onAdded?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['admin', 'custody', 'auth', 'vault', 'catalogue']);
  const form = useSchemaForm(trackingFormSchema(statuses), {
    defaultValues: { deliveryId: deliveryId ?? '', location: '', message: '' },
  });
  const add = useApiMutation(custody.addTracking);
  const { errors } = form.formState;
  const message = (text: string | undefined) =>
    text ? t([text, 'delivery.tracking.invalid']) : undefined;

  const onSubmit = form.handleSubmit(({ deliveryId: id, status, location, message: note }) => {
    // Empty optional fields are no location and no message, not blanks.
    const body = { status, ...(location ? { location } : {}), ...(note ? { message: note } : {}) };
    add.mutate(
      { params: { id }, body },
      {
        onSuccess: () => {
          toast.success(texts.added);
          // Back to the prompts, ready for the next update; the fields stay registered.
          form.reset(undefined, { keepFieldsRef: true });
          onAdded?.();
        },
        onError: (error) => {
          if (setServerIssues(form, error)) return;
          toast.error(texts.failedTitle, { description: apiErrorText(t, error, texts.failedBody) });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {deliveries ? (
        <FormField
          id={`${idPrefix}-delivery`}
          label={t('tracking.dialog.delivery')}
          error={message(errors.deliveryId?.message)}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('deliveryId')}>
              <option value="">{t('tracking.dialog.selectDelivery')}</option>
              {deliveries.map((delivery) => (
                <option key={delivery.id} value={delivery.id}>
                  {t('tracking.dialog.deliveryOption', {
                    recipient: delivery.recipientName,
                    item: deliveryItemName(t, delivery),
                    email: delivery.userEmail,
                    status: t(`delivery.statuses.${delivery.status}`),
                  })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}
      <FormField
        id={`${idPrefix}-status`}
        label={t('delivery.tracking.status')}
        error={message(errors.status?.message)}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('status')}>
            <option value="">{t('delivery.tracking.selectStatus')}</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {t(`delivery.statuses.${status}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-location`}
        label={t('delivery.tracking.location')}
        hint={t('delivery.tracking.locationHint')}
        error={message(errors.location?.message)}
      >
        {(control) => (
          <Input {...control} {...form.register('location')} maxLength={200} autoComplete="off" />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-message`}
        label={t('delivery.tracking.message')}
        hint={t('delivery.tracking.messageHint')}
        error={message(errors.message?.message)}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('message')}
            rows={3}
            maxLength={1000}
            className="min-h-0"
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={add.isPending}>
            {t('tracking.dialog.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner label={texts.saving} /> : texts.submit}
        </Button>
      </div>
    </form>
  );
}
