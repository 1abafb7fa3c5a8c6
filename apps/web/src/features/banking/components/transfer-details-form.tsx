// Step 1 of /transfer-assets, "Details" (SPEC §5 "Transfer asset", §8; DESIGN §5): what to send,
// how much of it where only part may go, and to which account number (typed, or a saved
// recipient's), with the receiver's masked name confirmed before Continue leads to the review.
// Continue stays marked unavailable until then, but still answers a press: an incomplete form
// gets SPEC's "Invalid Input" toast, a bad number "Invalid Account Number", so nobody is left
// wondering why nothing happens.
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { ArrowRight } from 'lucide-react';
import type { Recipient, TransferRequest } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import {
  transferFormDefaults,
  transferFormSchema,
  type TransferFormValues,
  type TransferItem,
} from '../transfer-items';
import { TransferAssetPicker } from './transfer-asset-picker';
import { TransferQuantityField } from './transfer-quantity-field';
import { TransferAccountField } from './transfer-account-field';
import { recipientProblem, useRecipient } from './transfer-recipient';

/** What the review shows and sends: the item, the request's body and who receives it. */
export interface TransferDraft {
  item: TransferItem;
  body: TransferRequest;
  recipient: Recipient;
  /** The form as typed, to come back to from the review. */
  values: TransferFormValues;
}

const fillAll = 'transfers:errors.assetRequired';

export function TransferDetailsForm({
  items,
  ownAccountNumber,
  initialValues,
  onContinue,
}: {
  items: readonly TransferItem[];
  ownAccountNumber: string;
  initialValues: TransferFormValues | undefined;
  onContinue: (draft: TransferDraft) => void;
}) {
  const { t } = useTranslation(['transfers', 'common']);
  const schema = useMemo(() => transferFormSchema(items), [items]);
  const form = useSchemaForm(schema, { defaultValues: initialValues ?? transferFormDefaults });
  const [valuableId, receiverAccountNumber] = useWatch({
    control: form.control,
    name: ['valuableId', 'receiverAccountNumber'],
  });
  const item = items.find((candidate) => candidate.valuable.id === valuableId);
  const recipient = useRecipient(receiverAccountNumber, ownAccountNumber);
  const isConfirmed = recipient.status === 'confirmed';
  const { errors } = form.formState;
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  const onSubmit = form.handleSubmit(
    (body) => {
      if (!item) return;
      if (recipient.status === 'confirmed') {
        onContinue({ item, body, recipient: recipient.recipient, values: form.getValues() });
        return;
      }
      const problem = recipientProblem(t, recipient);
      if (!problem) return; // Still checking: the line under the number says so.
      const isNumberRefused = ['own', 'notFound', 'refused'].includes(recipient.status);
      toast.error(isNumberRefused ? t('toasts.invalidAccount') : t('toasts.notConfirmed'), {
        description: problem,
      });
    },
    (invalid) => {
      const messages = [invalid.valuableId, invalid.quantity, invalid.receiverAccountNumber].map(
        (error) => error?.message,
      );
      if (messages.includes(fillAll)) {
        toast.error(t('toasts.invalidInput'), { description: t(fillAll) });
      } else if (invalid.receiverAccountNumber?.message) {
        toast.error(t('toasts.invalidAccount'), {
          description: t(invalid.receiverAccountNumber.message),
        });
      } else if (invalid.quantity?.message) {
        toast.error(
          item?.kind === 'cash' ? t('toasts.invalidAmount') : t('toasts.invalidQuantity'),
          { description: t(invalid.quantity.message) },
        );
      }
    },
  );

  const valuableField = form.register('valuableId', {
    onChange: () => {
      // Another item: the amount typed for the last one means nothing for it.
      form.setValue('quantity', '');
      form.clearErrors(['valuableId', 'quantity']);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t('steps.details')}>
      <TransferAssetPicker
        items={items}
        selectedId={valuableId}
        registration={valuableField}
        error={errorText(errors.valuableId?.message)}
      />

      {item && !item.unavailable ? (
        item.kind === 'whole' ? (
          <p className="text-sm text-muted-foreground" data-testid="whole-item-note">
            {t('quantity.wholeItem')}
          </p>
        ) : (
          <TransferQuantityField
            item={item}
            registration={form.register('quantity')}
            error={errorText(errors.quantity?.message)}
            onWhole={(value) => form.setValue('quantity', value, { shouldValidate: true })}
          />
        )
      ) : null}

      <TransferAccountField
        form={form}
        recipient={recipient}
        error={errorText(errors.receiverAccountNumber?.message)}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button
          type="submit"
          size="lg"
          aria-disabled={!isConfirmed}
          className={isConfirmed ? 'w-full sm:w-auto' : 'w-full opacity-50 sm:w-auto'}
        >
          {t('form.continue')}
          <ArrowRight aria-hidden className="rtl:rotate-180" />
        </Button>
      </div>
    </form>
  );
}
