// Valuables Management, the form (SPEC §5): user, item name and item type required, submit
// disabled until they are filled; estimated value optional with at most 2 decimals; a book
// balance optional, above zero with at most 2 decimals; description and location optional.
// Checked with the contract's own body schema (decision 003); the server's issues (cash rules
// among them) land on their fields. Adding or editing proposes the change: it takes effect once
// another staff member approves it (DESIGN §4 "Dual control"). A book balance is a second
// proposal, made with the valuable's and decided apart from it.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PackagePlus, Pencil } from 'lucide-react';
import * as admin from '@secure-vault/shared/admin/contracts';
import {
  type AdminUser,
  type AdminValuable,
  adminValuableInputSchema,
  adminValuableUpdateSchema,
} from '@secure-vault/shared/vault';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { reportProposalConflict, reportProposed } from '@/components/staff/approvals-proposed';
import { ValuableFields, type ValuableFormValues } from './valuable-fields';

type ValuableFormSchema = z.ZodType<
  z.output<typeof adminValuableInputSchema>,
  z.input<typeof adminValuableInputSchema>
>;

/**
 * An edit shows the owner but never sends it (the owner cannot change): the update's body with
 * the owner beside it, left out when sending.
 */
const editFormSchema: ValuableFormSchema = adminValuableUpdateSchema.extend({
  userId: z.string(),
});

/** The valuable as the form shows it. */
function valuesOf(valuable: AdminValuable): ValuableFormValues {
  return {
    userId: valuable.userId,
    itemName: valuable.itemName,
    // Traded positions (crypto among them) are never edited here (isEditable).
    ...(valuable.itemType === 'crypto' ? {} : { itemType: valuable.itemType }),
    // Stored to 8 decimals; staff type cents ("1250.50000000" → "1250.50").
    estimatedValue: valuable.estimatedValue?.replace(/(\.\d\d)0+$/, '$1') ?? null,
    description: valuable.description ?? '',
    storageLocation: valuable.storageLocation ?? '',
    // A valuable holds no book balance: one is proposed only when typed.
    bookBalance: null,
  };
}

const emptyValues: ValuableFormValues = {
  userId: '',
  itemName: '',
  estimatedValue: null,
  bookBalance: null,
  description: '',
  storageLocation: '',
};

/** Says the change was sent; with a book balance, that it waits as a proposal of its own. */
function reportSent(t: TFunction, { bookBalance }: { bookBalance: string | null }): void {
  if (bookBalance === null) {
    reportProposed(t);
    return;
  }
  toast.success(t('admin:approvals.proposed.title'), {
    description: t('admin:valuables.proposedWithBookBalance'),
  });
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
  const form = useSchemaForm(editing ? editFormSchema : adminValuableInputSchema, {
    defaultValues: editing ? valuesOf(editing) : emptyValues,
  });
  const add = useApiMutation(admin.addValuable);
  const edit = useApiMutation(admin.editValuable);
  const isPending = add.isPending || edit.isPending;
  // One key per intended change (it may credit or debit cash): a retry of the same submission
  // reuses it, so the server makes the change once; after a success the next one is new.
  const intention = useIdempotencyKey();
  const [userId, itemName, itemType] = useWatch({
    control: form.control,
    name: ['userId', 'itemName', 'itemType'],
  });
  // SPEC §5: the submit button waits for a user, an item name and an item type.
  const isComplete = Boolean(userId && itemName?.trim() && itemType);
  const { setFocus } = form;
  useEffect(() => {
    // Edit was chosen in the list (below the form on phones): take the keyboard to the form.
    if (editing) setFocus('itemName');
  }, [editing, setFocus]);

  const onError = (title: string) => (error: unknown) => {
    if (setServerIssues(form, error)) return;
    if (reportProposalConflict(t, error)) {
      intention.settle();
      return;
    }
    toast.error(title, { description: apiErrorText(t, error, t('valuables.tryAgain')) });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (editing) {
      const { userId: _owner, ...changes } = values;
      const request = { params: { id: editing.id }, body: changes };
      edit.mutate(
        { ...request, idempotencyKey: intention.keyFor(request) },
        {
          onSuccess: () => {
            intention.settle();
            reportSent(t, values);
            onDone();
          },
          onError: onError(t('valuables.updateError')),
        },
      );
      return;
    }
    const request = { body: values };
    add.mutate(
      { ...request, idempotencyKey: intention.keyFor(request) },
      {
        onSuccess: () => {
          intention.settle();
          reportSent(t, values);
          // Back to the empty form, the selects to their prompts as well; the fields stay
          // registered, so the focus can move at once.
          form.reset(undefined, { keepFieldsRef: true });
          // The emptied form's submit button is disabled again; start the next entry at the top.
          setFocus('userId');
          onDone();
        },
        onError: onError(t('valuables.addError')),
      },
    );
  });

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
          <ValuableFields
            form={form}
            users={users}
            editing={editing}
            isCash={itemType === 'cash'}
          />
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
