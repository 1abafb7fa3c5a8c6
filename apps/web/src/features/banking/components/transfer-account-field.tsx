// The receiver of a transfer on /transfer-assets' Details step: the account number, typed or
// picked from the saved recipients, and the line under it that confirms whose it is (a picked
// number is confirmed exactly as a typed one).
import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { accountNumberInput, type transferFormSchema } from '../transfer-items';
import { SavedRecipientPicker } from './saved-recipient-picker';
import { RecipientStatus, type RecipientState } from './transfer-recipient';

type TransferForm = ReturnType<typeof useSchemaForm<ReturnType<typeof transferFormSchema>>>;

export function TransferAccountField({
  form,
  recipient,
  error,
}: {
  form: TransferForm;
  recipient: RecipientState;
  error: string | undefined;
}) {
  const { t } = useTranslation(['transfers', 'common']);
  const accountNumber = useWatch({ control: form.control, name: 'receiverAccountNumber' });
  const { onChange: onNumberChange, ...numberField } = form.register('receiverAccountNumber');

  return (
    <div className="grid gap-4">
      <SavedRecipientPicker
        accountNumber={accountNumber}
        onPick={(number) =>
          form.setValue('receiverAccountNumber', number, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      />
      <div className="grid gap-2">
        <FormField
          id="transfer-account-number"
          label={t('recipient.label')}
          hint={t('recipient.hint')}
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], 'transfer-recipient-status']
                .filter(Boolean)
                .join(' ')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              className="font-mono tracking-wider rtl:text-right"
              {...numberField}
              onChange={(event) => {
                // Digits only, at most ten (SPEC §5): pasted spaces and dashes drop out.
                event.target.value = accountNumberInput(event.target.value);
                void onNumberChange(event);
                if (event.target.value.length === 10) void form.trigger('receiverAccountNumber');
              }}
            />
          )}
        </FormField>
        <RecipientStatus id="transfer-recipient-status" state={recipient} />
      </div>
    </div>
  );
}
