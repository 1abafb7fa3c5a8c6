// The delivery request form (SPEC §2, §5, §8; DESIGN §5): the item, the milligrams for a metal
// position, and the recipient. Submitting sends it once: the Idempotency-Key is kept for this
// request, so a retry after a lost answer, or a second press, cannot ask twice; a success
// settles it and the next request gets a fresh one.
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Send, UserRound } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { Delivery } from '@secure-vault/shared/custody';
import * as custody from '@secure-vault/shared/custody/contracts';
import type { Profile } from '@secure-vault/shared/vault';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { regionName } from '@/lib/format';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import {
  deliveryFormDefaults,
  type DeliveryFormValues,
  deliveryFormSchema,
  type DeliveryItem,
  moreThanHeld,
} from '../delivery-items';
import { DeliveryAssetPicker } from './delivery-asset-picker';
import { DeliveryQuantityField } from './delivery-quantity-field';
import { DeliveryRecipientFields } from './delivery-recipient-fields';

/** SPEC §8's "Error submitting request" comes with the reason the server gave, when it says. */
export function deliveryFailureText(t: TFunction, error: unknown): string {
  const fallback = t('custody:delivery.failed.fallback');
  if (!(error instanceof ApiError)) return fallback;
  switch (error.code) {
    case 'ASSET_UNAVAILABLE':
      return t('custody:delivery.failed.unavailable');
    case 'NOT_FOUND':
      return t('custody:delivery.failed.notFound');
    case 'INSUFFICIENT_HOLDING':
      return t(moreThanHeld);
    case 'QUANTITY_INVALID':
      return t('custody:errors.quantityInvalid');
    default:
      // KYC_REQUIRED, NOT_DELIVERABLE, staff viewing as the customer…: the app's own texts.
      return apiErrorText(t, error, fallback);
  }
}

/** The customer's own details, for a delivery to themselves: each field with its value. */
function ownDetails(profile: Profile): [keyof DeliveryFormValues, string][] {
  const cityLine = [profile.city, profile.postalCode].filter(Boolean).join(' ');
  const address = [profile.streetAddress, cityLine, profile.country && regionName(profile.country)]
    .filter(Boolean)
    .join('\n');
  return [
    ['recipientName', profile.fullName ?? ''],
    ['recipientEmail', profile.email],
    ['recipientPhone', profile.phoneNumber ?? ''],
    ['recipientAddress', address],
  ];
}

export function DeliveryForm({
  items,
  profile,
  onSubmitted,
}: {
  items: readonly DeliveryItem[];
  /** When known, "Use my details" fills in the recipient. */
  profile: Profile | undefined;
  onSubmitted: (delivery: Delivery) => void;
}) {
  const { t } = useTranslation(['custody', 'auth', 'common']);
  const schema = useMemo(() => deliveryFormSchema(items), [items]);
  const form = useSchemaForm(schema, { defaultValues: deliveryFormDefaults });
  const valuableId = useWatch({ control: form.control, name: 'valuableId' });
  const item = items.find((candidate) => candidate.valuable.id === valuableId);
  const { keyFor, settle } = useIdempotencyKey();
  const create = useApiMutation(custody.createDelivery);
  const { errors } = form.formState;
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  const failedTitle = t('delivery.failed.title');

  const onSubmit = form.handleSubmit(
    // A second press before the button shows busy sends the same body, so the same key: the
    // server answers it with the first one's result instead of asking twice.
    async (body) => {
      try {
        const delivery = await create.mutateAsync({ body, idempotencyKey: keyFor(body) });
        settle();
        toast.success(t('delivery.submitted.title'), {
          description: t('delivery.submitted.description'),
        });
        onSubmitted(delivery);
      } catch (error) {
        setServerIssues(form, error);
        toast.error(failedTitle, { description: deliveryFailureText(t, error) });
      }
    },
    (invalid) => {
      const first = [
        invalid.valuableId,
        invalid.quantity,
        invalid.recipientName,
        invalid.recipientEmail,
        invalid.recipientPhone,
        invalid.recipientAddress,
      ].find((error) => error?.message);
      if (first?.message) toast.error(failedTitle, { description: t(first.message) });
    },
  );

  const valuableField = form.register('valuableId', {
    onChange: () => {
      // Another item: milligrams typed for the last one mean nothing for it.
      form.setValue('quantity', '');
      form.clearErrors(['valuableId', 'quantity']);
    },
  });

  const fillOwnDetails = () => {
    if (!profile) return;
    const shouldValidate = form.formState.isSubmitted;
    for (const [name, value] of ownDetails(profile)) {
      form.setValue(name, value, { shouldDirty: true, shouldValidate });
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-6"
      aria-label={t('delivery.main.request')}
      data-testid="delivery-form"
    >
      <DeliveryAssetPicker
        items={items}
        selectedId={valuableId}
        registration={valuableField}
        error={errorText(errors.valuableId?.message)}
      />

      {item && !item.unavailable ? (
        item.kind === 'metal' ? (
          <DeliveryQuantityField
            item={item}
            registration={form.register('quantity')}
            error={errorText(errors.quantity?.message)}
            onWhole={(value) => form.setValue('quantity', value, { shouldValidate: true })}
          />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="delivery-whole-item">
            {t('delivery.quantity.wholeItem')}
          </p>
        )
      ) : null}

      <div className="grid gap-3">
        {profile ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={fillOwnDetails}
          >
            <UserRound aria-hidden />
            {t('delivery.request.useMyDetails')}
          </Button>
        ) : null}
        <DeliveryRecipientFields form={form} />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? (
            <Spinner label={t('delivery.request.submitting')} />
          ) : (
            <>
              <Send aria-hidden className="rtl:-scale-x-100" />
              {t('delivery.request.submit')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
