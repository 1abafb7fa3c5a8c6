// The nickname of a saved recipient, typed when saving one and when renaming it: the contract's
// rule (savedRecipientRenameSchema), checked here first and by the server again, whose issues
// land on the field.
import { useEffect } from 'react';
import {
  nicknameMaxLength,
  savedRecipientRenameSchema,
} from '@secure-vault/shared/banking/recipients';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';

export function NicknameForm({
  id,
  defaultNickname,
  submitLabel,
  pendingLabel,
  isPending,
  onCancel,
  onSubmit,
}: {
  id: string;
  defaultNickname: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onCancel?: () => void;
  /** `setServerError` puts a refusal's issues on the field; false when it had none for it. */
  onSubmit: (body: { nickname: string }, setServerError: (error: unknown) => boolean) => void;
}) {
  const { t } = useTranslation(['banking', 'common']);
  const form = useSchemaForm(savedRecipientRenameSchema, {
    defaultValues: { nickname: defaultNickname },
  });
  const error = form.formState.errors.nickname?.message;
  // Opened by a press (Rename, Save this recipient): the typing starts here.
  useEffect(() => form.setFocus('nickname'), [form]);
  const submit = form.handleSubmit((body) =>
    onSubmit(body, (failure) => setServerIssues(form, failure)),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField
        id={id}
        label={t('recipients.nickname')}
        hint={t('recipients.nicknameHint', { max: nicknameMaxLength })}
        error={error ? t(error) : undefined}
      >
        {(control) => (
          <Input {...control} {...form.register('nickname')} autoComplete="off" dir="auto" />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
            {t('recipients.renameCancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={isPending}>
          {isPending ? <Spinner label={pendingLabel} /> : submitLabel}
        </Button>
      </div>
    </form>
  );
}
