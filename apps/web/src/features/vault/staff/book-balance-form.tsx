// Book Balance, the form (SPEC §5): a user and an amount (step 0.01) are required, asked for in
// that order with one message; then the amount is checked by the contract's own body schema, and
// the server's issues land on the amount. The amount is proposed: another staff member approves it
// into the customer's cash in Approvals (DESIGN §4 "Dual control", §5); 0 clears a pending amount.
// Sent with an Idempotency-Key per submission, reused by a retry of the same one.
import { BookOpen } from 'lucide-react';
import { z } from 'zod';
import * as admin from '@secure-vault/shared/admin/contracts';
import { type AdminUser, bookBalanceInputSchema } from '@secure-vault/shared/vault';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { reportProposalConflict, reportProposed } from '@/components/staff/approvals-proposed';
import { UserSelect } from '@/components/staff/user-select';

const required = 'admin:bookBalance.required';

/** The customer (the operation's path) beside the contract's body. */
const bookBalanceFormSchema = z
  .object({ userId: z.string(), bookBalance: z.string() })
  .superRefine(({ userId, bookBalance }, ctx) => {
    if (!userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: required });
    else if (!bookBalance.trim()) {
      ctx.addIssue({ code: 'custom', path: ['bookBalance'], message: required });
    }
  })
  .pipe(bookBalanceInputSchema.extend({ userId: z.uuid(required) }));

export function BookBalanceForm({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation(['admin', 'vault']);
  const form = useSchemaForm(bookBalanceFormSchema, {
    defaultValues: { userId: '', bookBalance: '' },
  });
  const { errors } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);
  const save = useApiMutation(admin.setBookBalance);
  const intention = useIdempotencyKey();

  const onSubmit = form.handleSubmit(
    ({ userId, bookBalance }) => {
      const request = { params: { id: userId }, body: { bookBalance } };
      save.mutate(
        { ...request, idempotencyKey: intention.keyFor(request) },
        {
          onSuccess: (proposal) => {
            intention.settle();
            // Zero proposes nothing: it clears what was pending.
            if (proposal) reportProposed(t);
            else {
              toast.success(t('bookBalance.cleared'), {
                description: t('bookBalance.clearedBody'),
              });
            }
            form.resetField('bookBalance');
          },
          onError: (failure) => {
            if (failure instanceof ApiError && failure.code === 'NOT_FOUND') {
              toast.error(t('bookBalance.noProfileTitle'), {
                description: t('bookBalance.noProfileBody'),
              });
              return;
            }
            if (setServerIssues(form, failure)) return;
            if (reportProposalConflict(t, failure)) {
              intention.settle();
              return;
            }
            toast.error(t('bookBalance.error'), {
              description: apiErrorText(t, failure, t('bookBalance.tryAgain')),
            });
          },
        },
      );
    },
    (invalid) => {
      // The original said a missing user or amount in a toast too (SPEC §5).
      if (invalid.userId?.message === required || invalid.bookBalance?.message === required) {
        toast.error(t(required));
      }
    },
  );

  return (
    <Card data-testid="book-balance-form">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <BookOpen aria-hidden className="size-5 text-accent-strong" />
          {t('bookBalance.title')}
        </h3>
        <CardDescription>{t('bookBalance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="book-balance-user"
            label={t('bookBalance.user')}
            error={message(errors.userId?.message)}
          >
            {(control) => <UserSelect users={users} {...control} {...form.register('userId')} />}
          </FormField>
          <FormField
            id="book-balance-amount"
            label={t('bookBalance.amount')}
            error={message(errors.bookBalance?.message)}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('bookBalance')}
                type="number"
                inputMode="decimal"
                step="0.01"
                dir="ltr"
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? (
                <Spinner label={t('bookBalance.submitting')} />
              ) : (
                t('bookBalance.submit')
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
