// Adding a saved recipient by hand, in the saved recipients' dialog: an account number and a
// nickname, with the contract's rules. The server counts it as an account lookup and refuses an
// unknown number, the customer's own or one already saved; each refusal lands on the number.
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { Plus } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import {
  nicknameMaxLength,
  savedRecipientInputSchema,
  savedRecipientLimit,
} from '@secure-vault/shared/banking/recipients';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { accountNumberInput } from '../transfer-items';

type AddForm = ReturnType<typeof useSchemaForm<typeof savedRecipientInputSchema>>;

/** A refusal on the field it is about (the number), or in a toast. */
function showRefusal(t: TFunction, form: AddForm, error: unknown) {
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    const message = 'transfers:recipient.notFound';
    form.setError('accountNumber', { type: 'server', message }, { shouldFocus: true });
  } else if (!setServerIssues(form, error)) {
    toast.error(t('banking:recipients.saveFailed'), {
      description:
        error instanceof ApiError && error.code === 'CONFLICT'
          ? t('banking:recipients.errors.full', { limit: savedRecipientLimit })
          : apiErrorText(t, error, t('banking:recipients.failedFallback')),
    });
  }
}

export function AddSavedRecipient({ isFull }: { isFull: boolean }) {
  const { t } = useTranslation('banking');
  const [isOpen, setOpen] = useState(false);
  if (isFull) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="recipients-full">
        {t('recipients.errors.full', { limit: savedRecipientLimit })}
      </p>
    );
  }
  if (!isOpen) {
    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden />
        {t('recipients.add')}
      </Button>
    );
  }
  return <AddRecipientForm onClose={() => setOpen(false)} />;
}

function AddRecipientForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['banking', 'transfers', 'auth', 'common']);
  const form = useSchemaForm(savedRecipientInputSchema, {
    defaultValues: { accountNumber: '', nickname: '' },
  });
  const save = useApiMutation(banking.saveRecipient);
  const { errors } = form.formState;
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  // Opened by a press: the typing starts at the number.
  useEffect(() => form.setFocus('accountNumber'), [form]);
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { body },
      {
        onSuccess: () => {
          toast.success(t('recipients.saved'));
          onClose();
        },
        onError: (error) => showRefusal(t, form, error),
      },
    ),
  );
  const { onChange: onNumberChange, ...numberField } = form.register('accountNumber');

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3 rounded-md border p-4"
      aria-labelledby="add-recipient-title"
    >
      <h3 id="add-recipient-title" className="font-semibold">
        {t('recipients.addTitle')}
      </h3>
      <FormField
        id="add-recipient-number"
        label={t('transfers:recipient.label')}
        error={errorText(errors.accountNumber?.message)}
      >
        {(control) => (
          <Input
            {...control}
            {...numberField}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            className="font-mono tracking-wider rtl:text-right"
            onChange={(event) => {
              // Digits only, at most ten, as the transfer's own field.
              event.target.value = accountNumberInput(event.target.value);
              void onNumberChange(event);
            }}
          />
        )}
      </FormField>
      <FormField
        id="add-recipient-nickname"
        label={t('recipients.nickname')}
        hint={t('recipients.nicknameHint', { max: nicknameMaxLength })}
        error={errorText(errors.nickname?.message)}
      >
        {(control) => (
          <Input {...control} {...form.register('nickname')} autoComplete="off" dir="auto" />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
          {t('recipients.renameCancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label={t('recipients.saving')} /> : t('recipients.addSubmit')}
        </Button>
      </div>
    </form>
  );
}
