// Valuables Management, the form (SPEC §5): user, item name and item type required, submit
// disabled until they are filled; estimated value optional with at most 2 decimals; description
// and location optional. Checked with the same schema the server uses (decision 003).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PackagePlus, Pencil } from 'lucide-react';
import {
  adminItemTypes,
  type AdminUser,
  type AdminValuable,
  adminValuableInputSchema,
  adminValuableUpdateSchema,
} from '@secure-vault/shared/vault';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAddValuable } from '../api/add-valuable';
import { useEditValuable } from '../api/edit-valuable';

type Field =
  'userId' | 'itemName' | 'itemType' | 'estimatedValue' | 'description' | 'storageLocation';

export interface ValuableFormValues {
  userId: string;
  itemName: string;
  itemType: string;
  estimatedValue: string;
  description: string;
  storageLocation: string;
}

const emptyValues: ValuableFormValues = {
  userId: '',
  itemName: '',
  itemType: '',
  estimatedValue: '',
  description: '',
  storageLocation: '',
};

function valuesOf(valuable: AdminValuable): ValuableFormValues {
  return {
    userId: valuable.userId,
    itemName: valuable.itemName,
    itemType: valuable.itemType,
    // Stored to 8 decimals; staff type cents ("1250.50000000" → "1250.50").
    estimatedValue: valuable.estimatedValue?.replace(/(\.\d\d)0+$/, '$1') ?? '',
    description: valuable.description ?? '',
    storageLocation: valuable.storageLocation ?? '',
  };
}

/** SPEC §5: the submit button waits for a user, an item name and an item type. */
export function isValuableFormComplete(values: ValuableFormValues): boolean {
  return values.userId !== '' && values.itemName.trim() !== '' && values.itemType !== '';
}

function fieldOf(path: string | PropertyKey | undefined): Field | undefined {
  const name = String(path ?? '').replace(/^body\./, '');
  return (
    ['userId', 'itemName', 'itemType', 'estimatedValue', 'description', 'storageLocation'] as const
  ).find((field) => field === name);
}

export function ValuableForm({
  users,
  editing,
  onDone,
}: {
  users: AdminUser[];
  /** The valuable being edited, or null to add one. */
  editing: AdminValuable | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['admin', 'vault']);
  const [values, setValues] = useState(() => (editing ? valuesOf(editing) : emptyValues));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = useAddValuable();
  const edit = useEditValuable();
  const isPending = add.isPending || edit.isPending;
  const isCashPosition = editing?.itemType === 'cash';
  const isComplete = isValuableFormComplete(values);
  const nameInput = useRef<HTMLInputElement>(null);
  const userSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    // Edit was chosen in the list (below the form on phones): take the keyboard to the form.
    if (editing) nameInput.current?.focus();
  }, [editing]);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.userId) {
      setErrors({ userId: 'vault:errors.selectUser' });
      return;
    }
    const body = {
      itemName: values.itemName,
      itemType: values.itemType,
      estimatedValue: values.estimatedValue.trim() || null,
      description: values.description,
      storageLocation: values.storageLocation,
    };
    const showIssues = (issues: { path: PropertyKey | string | undefined; message: string }[]) => {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of issues) {
        const field = fieldOf(issue.path);
        if (field) found[field] ??= issue.message;
      }
      setErrors(found);
    };
    const onError = (title: string) => (error: unknown) => {
      if (error instanceof ApiError) showIssues(error.issues);
      toast.error(title, { description: apiErrorText(t, error, t('valuables.tryAgain')) });
    };
    if (editing) {
      const parsed = adminValuableUpdateSchema.safeParse(body);
      if (!parsed.success) {
        showIssues(parsed.error.issues.map((issue) => ({ ...issue, path: issue.path[0] })));
        return;
      }
      edit.mutate(
        { id: editing.id, changes: parsed.data },
        {
          onSuccess: () => {
            toast.success(t('valuables.updated'));
            onDone();
          },
          onError: onError(t('valuables.updateError')),
        },
      );
      return;
    }
    const parsed = adminValuableInputSchema.safeParse({ ...body, userId: values.userId });
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((issue) => ({ ...issue, path: issue.path[0] })));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('valuables.added'));
        setValues(emptyValues);
        // The emptied form's submit button is disabled again; start the next entry at the top.
        userSelect.current?.focus();
        onDone();
      },
      onError: onError(t('valuables.addError')),
    });
  };

  const message = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  const typeOptions = isCashPosition
    ? (['cash'] as const)
    : editing
      ? adminItemTypes.filter((type) => type !== 'cash')
      : adminItemTypes;

  return (
    <Card data-testid="valuable-form">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          {editing ? (
            <Pencil aria-hidden className="size-5 text-accent-strong" />
          ) : (
            <PackagePlus aria-hidden className="size-5 text-accent-strong" />
          )}
          {editing ? t('valuables.editTitle') : t('valuables.addTitle')}
        </h3>
        <CardDescription>{t('valuables.formDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id="valuable-user" label={t('valuables.user')} error={message('userId')}>
            {(control) => (
              <NativeSelect
                {...control}
                ref={userSelect}
                value={values.userId}
                disabled={editing !== null}
                onChange={(event) => set('userId')(event.target.value)}
                onBlur={() => {
                  if (!values.userId)
                    setErrors((e) => ({ ...e, userId: 'vault:errors.selectUser' }));
                }}
              >
                <option value="">{t('valuables.selectUser')}</option>
                {users.map((user) => (
                  <option key={user.userId} value={user.userId}>
                    {user.email}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="valuable-name" label={t('valuables.itemName')} error={message('itemName')}>
            {(control) => (
              <Input
                {...control}
                ref={nameInput}
                value={values.itemName}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => set('itemName')(event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="valuable-type"
            label={t('valuables.itemType')}
            error={message('itemType')}
            hint={
              values.itemType === 'cash'
                ? isCashPosition
                  ? t('valuables.cashEditHint')
                  : t('valuables.cashHint')
                : undefined
            }
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={values.itemType}
                disabled={isCashPosition}
                onChange={(event) => set('itemType')(event.target.value)}
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
          <FormField
            id="valuable-value"
            label={t('valuables.estimatedValue')}
            error={message('estimatedValue')}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                step="0.01"
                dir="ltr"
                value={values.estimatedValue}
                onChange={(event) => set('estimatedValue')(event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="valuable-description"
            label={t('valuables.description')}
            error={message('description')}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={2000}
                className="min-h-0"
                value={values.description}
                onChange={(event) => set('description')(event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="valuable-location"
            label={t('valuables.storageLocation')}
            error={message('storageLocation')}
          >
            {(control) => (
              <Input
                {...control}
                value={values.storageLocation}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => set('storageLocation')(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {editing ? (
              <Button type="button" variant="ghost" onClick={onDone}>
                {t('valuables.cancelEdit')}
              </Button>
            ) : null}
            <Button type="submit" disabled={!isComplete || isPending} className="sm:flex-1">
              {isPending ? (
                <Spinner label={editing ? t('valuables.saving') : t('valuables.adding')} />
              ) : editing ? (
                t('valuables.save')
              ) : (
                t('valuables.add')
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
