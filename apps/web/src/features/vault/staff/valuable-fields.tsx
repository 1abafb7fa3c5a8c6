// The fields of the valuable form: the owner (fixed once the valuable exists), name, type (the
// cash position stays cash, and nothing else may become cash), value, the book balance proposed
// beside it (SPEC §5), description and location.
import type { ReactNode } from 'react';
import type { DefaultValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  adminItemTypes,
  type AdminUser,
  type AdminValuable,
  type AdminValuableInput,
  type adminValuableInputSchema,
} from '@secure-vault/shared/vault';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { UserSelect } from '@/components/staff/user-select';

/** What the form starts from (the item type may still be unchosen). */
export type ValuableFormValues = DefaultValues<AdminValuableInput>;

type ValuableFormApi = UseFormReturn<
  AdminValuableInput,
  unknown,
  z.output<typeof adminValuableInputSchema>
>;

/** An empty amount is no amount: the API takes null, not an empty string. */
const amountValue = (value: unknown) => (value === '' ? null : value);

/** A dollar amount in cents (step 0.01), typed left to right in either language. */
function AmountField({
  id,
  label,
  hint,
  error,
  registration,
  min,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  min?: string;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={min}
          dir="ltr"
        />
      )}
    </FormField>
  );
}

export function ValuableFields({
  form,
  users,
  editing,
  isCash,
}: {
  form: ValuableFormApi;
  users: AdminUser[];
  editing: AdminValuable | null;
  /** Cash is chosen: the hint says what its amount does. */
  isCash: boolean;
}) {
  const { t } = useTranslation(['admin', 'vault']);
  const { register, formState } = form;
  const { errors } = formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);
  const isCashPosition = editing?.itemType === 'cash';
  const typeOptions = isCashPosition
    ? (['cash'] as const)
    : editing
      ? adminItemTypes.filter((type) => type !== 'cash')
      : adminItemTypes;

  return (
    <>
      <FormField
        id="valuable-user"
        label={t('valuables.user')}
        error={message(errors.userId?.message)}
      >
        {(control) => (
          <UserSelect
            users={users}
            {...control}
            // Shown, not sent, when editing: the owner of a valuable does not change.
            {...(editing ? { value: editing.userId, disabled: true } : register('userId'))}
          />
        )}
      </FormField>
      <FormField
        id="valuable-name"
        label={t('valuables.itemName')}
        error={message(errors.itemName?.message)}
      >
        {(control) => (
          <Input {...control} {...register('itemName')} maxLength={200} autoComplete="off" />
        )}
      </FormField>
      <FormField
        id="valuable-type"
        label={t('valuables.itemType')}
        error={message(errors.itemType?.message)}
        hint={
          isCash
            ? isCashPosition
              ? t('valuables.cashEditHint')
              : t('valuables.cashHint')
            : undefined
        }
      >
        {(control) => (
          <NativeSelect
            {...control}
            // The cash position keeps its type: shown, and sent as it is.
            {...(isCashPosition ? { value: 'cash', disabled: true } : register('itemType'))}
          >
            <option value="">{t('valuables.selectType')}</option>
            {typeOptions.map((type) => (
              <option key={type} value={type}>
                {t(`vault:itemTypes.${type}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <AmountField
        id="valuable-value"
        label={t('valuables.estimatedValue')}
        error={message(errors.estimatedValue?.message)}
        registration={register('estimatedValue', { setValueAs: amountValue })}
      />
      <AmountField
        id="valuable-book-balance"
        label={t('valuables.bookBalance')}
        hint={t('valuables.bookBalanceHint')}
        error={message(errors.bookBalance?.message)}
        registration={register('bookBalance', { setValueAs: amountValue })}
        min="0"
      />
      <FormField
        id="valuable-description"
        label={t('valuables.description')}
        error={message(errors.description?.message)}
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('description')}
            rows={3}
            maxLength={2000}
            className="min-h-0"
          />
        )}
      </FormField>
      <FormField
        id="valuable-location"
        label={t('valuables.storageLocation')}
        error={message(errors.storageLocation?.message)}
      >
        {(control) => (
          <Input {...control} {...register('storageLocation')} maxLength={200} autoComplete="off" />
        )}
      </FormField>
    </>
  );
}
