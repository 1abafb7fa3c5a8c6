// The decision on a submitted verification (DESIGN §5): approve, which fills the customer's
// profile, or reject with a reason the customer will read. Each asks for confirmation; the
// reason is a form over the contract's own body schema, with the server's issues on its field.
import { useState } from 'react';
import { BadgeCheck, CircleX } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { KycReview } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

type Choice = 'approve' | 'reject';

/** A failure other than a misplaced reason: a toast, and the dialog closes. */
function reportFailure(t: TFunction, error: unknown): void {
  if (error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
    toast.error(t('kyc.decision.staleTitle'), { description: t('kyc.decision.stale') });
    return;
  }
  toast.error(t('kyc.decision.errorTitle'), {
    description: apiErrorText(t, error, t('kyc.decision.tryAgain')),
  });
}

/** A reason's error: a locale key of the shared schema (`kyc:errors.reasonRequired`). */
function reasonError(t: TFunction, message: string | undefined): string | undefined {
  return message ? t([message, 'kyc.decision.reasonInvalid']) : undefined;
}

export function KycDecision({ review }: { review: KycReview }) {
  // The reason's messages are the wizard's (`kyc:errors.*`).
  const { t } = useTranslation(['admin', 'kyc']);
  const [open, setOpen] = useState<Choice | null>(null);
  const decide = useApiMutation(kyc.decideKyc);
  const form = useSchemaForm(kyc.decideKyc.body, {
    defaultValues: { decision: 'reject', reason: '' },
  });
  const reasonMessage = form.getFieldState('reason', form.formState).error?.message;
  const email = isolate(review.email);
  const params = { userId: review.userId };

  const approve = () =>
    decide.mutate(
      { params, body: { decision: 'approve' } },
      {
        onSuccess: () => {
          setOpen(null);
          toast.success(t('kyc.decision.approved'), {
            description: t('kyc.decision.approvedBody', { email }),
          });
        },
        onError: (error) => {
          setOpen(null);
          reportFailure(t, error);
        },
      },
    );

  const reject = form.handleSubmit((body) =>
    decide.mutate(
      { params, body },
      {
        onSuccess: () => {
          setOpen(null);
          form.reset();
          toast.success(t('kyc.decision.rejected'), {
            description: t('kyc.decision.rejectedBody', { email }),
          });
        },
        onError: (error) => {
          if (setServerIssues(form, error)) return;
          setOpen(null);
          reportFailure(t, error);
        },
      },
    ),
  );

  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen && !decide.isPending) setOpen(null);
  };

  return (
    <section
      aria-labelledby="kyc-decision-title"
      className="grid gap-3 border-t pt-4"
      data-testid="kyc-decision"
    >
      <h3 id="kyc-decision-title" className="font-semibold">
        {t('kyc.decision.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('kyc.decision.description')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => setOpen('approve')} disabled={decide.isPending}>
          <BadgeCheck aria-hidden />
          {t('kyc.decision.approve')}
        </Button>
        <Button
          variant="outline"
          onClick={() => setOpen('reject')}
          disabled={decide.isPending}
          className="text-destructive"
        >
          <CircleX aria-hidden />
          {t('kyc.decision.reject')}
        </Button>
      </div>

      <AlertDialog open={open === 'approve'} onOpenChange={onOpenChange}>
        <AlertDialogContent data-testid="kyc-approve-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('kyc.decision.approveTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('kyc.decision.approveDescription', { email })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={decide.isPending}>
              {t('kyc.decision.cancel')}
            </AlertDialogCancel>
            <AlertDialogAction
              disabled={decide.isPending}
              onClick={(event) => {
                // Stays open until the server has answered.
                event.preventDefault();
                approve();
              }}
            >
              {decide.isPending ? (
                <Spinner label={t('kyc.decision.saving')} />
              ) : (
                t('kyc.decision.approveConfirm')
              )}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={open === 'reject'} onOpenChange={onOpenChange}>
        <AlertDialogContent
          data-testid="kyc-reject-confirm"
          onOpenAutoFocus={(event) => {
            // Straight to the reason, which is what this dialog asks for.
            event.preventDefault();
            form.setFocus('reason');
          }}
        >
          <form noValidate onSubmit={(event) => void reject(event)} className="grid gap-4">
            <AlertDialogHeader>
              <AlertDialogTitle>{t('kyc.decision.rejectTitle')}</AlertDialogTitle>
              <AlertDialogDescription>
                {t('kyc.decision.rejectDescription', { email })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <FormField
              id="kyc-reject-reason"
              label={t('kyc.decision.reason')}
              hint={t('kyc.decision.reasonHint')}
              error={reasonError(t, reasonMessage)}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register('reason')}
                  maxLength={500}
                  autoComplete="off"
                />
              )}
            </FormField>
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={decide.isPending}>
                {t('kyc.decision.cancel')}
              </AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={decide.isPending}>
                {decide.isPending ? (
                  <Spinner label={t('kyc.decision.saving')} />
                ) : (
                  t('kyc.decision.rejectConfirm')
                )}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
