// Approving or rejecting a pending book balance (DESIGN §5 "Book balance"): the confirmation says
// first what the decision does to the customer's cash, then who recorded the amount. It sends the
// amount shown, so a balance changed meanwhile is refused rather than approved unseen, with an
// Idempotency-Key per intended decision (a retry of the same one reuses it). A refusal stays in
// the dialog, in the page's language, and the list refreshes behind it.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AdminUser } from '@secure-vault/shared/vault';
import { Alert } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { formatDate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { adminPanelKey } from '../panel-key';

export interface BookBalanceChoice {
  user: AdminUser;
  decision: 'approve' | 'reject';
}

/** An email inside a sentence, isolated so its direction does not disturb Arabic text. */
const isolate = (text: string) => `\u2068${text}\u2069`;

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The amount as the decision names it: two decimals, as the staff member saw it. */
export function decisionAmount(bookBalance: string): string {
  return bookBalance.replace(/^(-?\d+\.\d\d)0+$/, '$1');
}

const isNegative = (amount: string) => amount.trim().startsWith('-');

/** What the decision does to the customer's cash, in one line. */
function effectOf(t: TFunction, { user, decision }: BookBalanceChoice): string {
  const email = isolate(user.email);
  if (decision === 'reject') {
    return t('bookBalance.decision.clear', { amount: formatUsd(user.bookBalance), email });
  }
  return isNegative(user.bookBalance)
    ? t('bookBalance.decision.debit', { amount: formatUsd(user.bookBalance.slice(1)), email })
    : t('bookBalance.decision.credit', { amount: formatUsd(user.bookBalance), email });
}

/** Codes with a text of their own here; other failures say the code's general text. */
const explained = new Set(['FORBIDDEN', 'CONFLICT', 'INSUFFICIENT_CASH', 'NOT_FOUND']);

/** A refusal that asking again cannot change: the next attempt is a new intention. */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

function failureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && explained.has(error.code)) {
    return t(`bookBalance.decision.errors.${error.code}`);
  }
  return apiErrorText(t, error, t('bookBalance.decision.errors.fallback'));
}

export function BookBalanceDecisionDialog({
  choice,
  onClose,
}: {
  choice: BookBalanceChoice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'auth']);
  // The list (and the platform's figures beside it) follow the decision, and a refusal shows
  // what is pending now.
  const approve = useApiMutation(admin.approveBookBalance, { invalidates: [adminPanelKey] });
  const reject = useApiMutation(admin.rejectBookBalance, { invalidates: [adminPanelKey] });
  const intention = useIdempotencyKey();
  const [failure, setFailure] = useState<{ text: string; isFinal: boolean } | null>(null);
  const isSending = approve.isPending || reject.isPending;

  const close = () => {
    setFailure(null);
    onClose();
  };

  const send = () => {
    if (!choice) return;
    const { user, decision } = choice;
    const request = {
      decision,
      params: { id: user.userId },
      body: { amount: decisionAmount(user.bookBalance) },
    };
    const input = { params: request.params, body: request.body };
    const callbacks = {
      onSuccess: () => {
        intention.settle();
        const values = { amount: formatUsd(user.bookBalance), email: isolate(user.email) };
        if (decision === 'approve') {
          toast.success(t('bookBalance.decision.approved'), {
            description: t('bookBalance.decision.approvedBody', values),
          });
        } else {
          toast.success(t('bookBalance.decision.rejected'), {
            description: t('bookBalance.decision.rejectedBody', values),
          });
        }
        close();
      },
      onError: (error: unknown) => {
        const isFinal = isFinalRefusal(error);
        if (isFinal) intention.settle();
        setFailure({ text: failureText(t, error), isFinal });
      },
    };
    setFailure(null);
    const idempotencyKey = intention.keyFor(request);
    if (decision === 'approve') approve.mutate({ ...input, idempotencyKey }, callbacks);
    else reject.mutate({ ...input, idempotencyKey }, callbacks);
  };

  const recorder = choice?.user.bookBalanceRecordedBy;
  const recordedAt = choice?.user.bookBalanceRecordedAt;
  return (
    <AlertDialog
      open={choice !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isSending) close();
      }}
    >
      {choice ? (
        <AlertDialogContent data-testid="book-balance-decision">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {choice.decision === 'approve'
                ? t('bookBalance.decision.approveTitle')
                : t('bookBalance.decision.rejectTitle')}
            </AlertDialogTitle>
            <AlertDialogDescription
              className="text-base font-medium text-foreground"
              data-testid="book-balance-effect"
            >
              {effectOf(t, choice)}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p className="text-sm text-muted-foreground">
            {recorder && recordedAt
              ? t('bookBalance.decision.recorded', {
                  email: isolate(recorder.email),
                  time: formatDate(recordedAt, undefined, dateTime),
                })
              : t('bookBalance.decision.recordedBefore')}{' '}
            {t('bookBalance.decision.final')}
          </p>
          {failure ? (
            <Alert tone="danger" role="alert" data-testid="book-balance-decision-error">
              <p>{failure.text}</p>
            </Alert>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={isSending}>
              {t('bookBalance.decision.back')}
            </AlertDialogCancel>
            {/* Refused for good (changed, decided, not allowed): only going back is left. */}
            {failure?.isFinal ? null : (
              <Button
                type="button"
                variant={choice.decision === 'approve' ? 'default' : 'destructive'}
                disabled={isSending}
                onClick={send}
              >
                {isSending ? (
                  <Spinner label={t('bookBalance.decision.sending')} />
                ) : choice.decision === 'approve' ? (
                  t('bookBalance.decision.confirmApprove')
                ) : (
                  t('bookBalance.decision.confirmReject')
                )}
              </Button>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
