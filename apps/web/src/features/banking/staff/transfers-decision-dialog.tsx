// Deciding a pending request (DESIGN §5): complete, fail or cancel, each final. The decision is a
// proposal: it takes effect once another staff member approves it in Approvals (DESIGN §4 "Dual
// control"). The confirmation says in one line what the decision will do to the customer's money;
// failing or cancelling asks for an optional reason the customer will read. Sent with an
// Idempotency-Key per intended decision: a retry of the same decision reuses it, so it is made once.
import type { TFunction } from 'i18next';
import * as banking from '@secure-vault/shared/banking/contracts';
import type {
  AdminTransfer,
  FinalTransferStatus,
  TransferStatusChange,
  TransferType,
} from '@secure-vault/shared/transfers';
import {
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { reportProposalConflict, reportProposed } from '@/components/staff/approvals-proposed';
import {
  DecisionDialog,
  DecisionFooter,
  DecisionReason,
  useDecidingIds,
} from '@/components/staff/decision-dialog';

export interface Decision {
  transfer: AdminTransfer;
  status: FinalTransferStatus;
}

/** Marks the status changes, so the list can tell which rows are waiting for one. */
const statusChangeKey = ['admin', 'transfers', 'status'] as const;

/** The ids of the requests whose new status is on its way. */
export function useUpdatingTransfers(): ReadonlySet<string> {
  return useDecidingIds(statusChangeKey);
}

const reasonId = 'transfer-reason';

// An asset transfer is completed at once and never asks for a decision; it is listed for the
// type's sake.
const effectGroup: Record<TransferType, string> = {
  asset_transfer: 'deposit',
  card_deposit: 'deposit',
  bank_deposit: 'deposit',
  withdrawal: 'withdrawal',
  asset_to_cash: 'assetToCash',
};

/** What the decision does to the customer's money, in one line. */
function effectOf(t: TFunction, { transfer, status }: Decision): string {
  const outcome = status === 'completed' ? 'completed' : 'stopped';
  return t(`transfers.decision.effects.${outcome}.${effectGroup[transfer.type]}`, {
    amount: formatUsd(transfer.amount),
  });
}

function reportFailure(t: TFunction, error: unknown): void {
  // Already waiting for approval, or decided first: the refreshed lists show which.
  if (reportProposalConflict(t, error)) return;
  // Gone meanwhile: the refreshed list shows what happened.
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    toast.error(t('transfers.update.conflictTitle'), {
      description: t('transfers.update.conflictBody'),
    });
    return;
  }
  toast.error(t('transfers.update.failedTitle'), {
    description: apiErrorText(t, error, t('transfers.update.failedBody')),
  });
}

/** A reason's error: a locale key of the shared schema (`transfers:errors.reasonTooLong`). */
function reasonError(t: TFunction, message: string | undefined): string | undefined {
  return message ? t([message, 'transfers.decision.reasonInvalid']) : undefined;
}

function DecisionForm({
  decision,
  isSending,
  onSend,
}: {
  decision: Decision;
  isSending: boolean;
  /** `putIssues` puts a VALIDATION answer's issues on the reason; true when it did. */
  onSend: (body: TransferStatusChange, putIssues: (error: unknown) => boolean) => void;
}) {
  // `transfers`: the reason's messages; `auth`: the texts of known error codes.
  const { t } = useTranslation(['admin', 'transfers', 'auth']);
  const { transfer, status } = decision;
  const form = useSchemaForm(banking.setTransferStatus.body, {
    defaultValues: { status, reason: '' },
  });
  const asksReason = status !== 'completed';
  const reasonMessage = form.getFieldState('reason', form.formState).error?.message;

  const submit = form.handleSubmit(({ reason }) =>
    // An empty reason is no reason: the customer reads nothing rather than a blank.
    onSend(reason ? { status, reason } : { status }, (error) => setServerIssues(form, error)),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>{t(`transfers.decision.titles.${status}`)}</AlertDialogTitle>
        <AlertDialogDescription>
          {t('transfers.decision.summary', {
            type: t(`transfers.types.${transfer.type}`),
            amount: formatUsd(transfer.amount),
            email: isolate(transfer.userEmail),
          })}
        </AlertDialogDescription>
      </AlertDialogHeader>
      <p className="rounded-md bg-muted p-3 text-sm font-medium" data-testid="transfer-effect">
        {effectOf(t, decision)} {t('transfers.decision.afterApproval')}
      </p>
      {asksReason ? (
        <DecisionReason
          id={reasonId}
          label={t('transfers.decision.reason')}
          hint={t('transfers.decision.reasonHint')}
          error={reasonError(t, reasonMessage)}
          field={form.register('reason')}
        />
      ) : null}
      <DecisionFooter
        back={t('transfers.decision.back')}
        confirm={t(`transfers.decision.confirm.${status}`)}
        sending={t('transfers.decision.saving')}
        destructive={asksReason}
        isSending={isSending}
      />
    </form>
  );
}

export function TransfersDecisionDialog({
  decision,
  onClose,
}: {
  decision: Decision | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'transfers', 'auth']);
  const decide = useApiMutation(banking.setTransferStatus, { mutationKey: statusChangeKey });
  const intention = useIdempotencyKey();

  const send = (body: TransferStatusChange, putIssues: (error: unknown) => boolean) => {
    if (!decision) return;
    const { transfer } = decision;
    const request = { params: { type: transfer.type, id: transfer.id }, body };
    decide.mutate(
      { ...request, idempotencyKey: intention.keyFor(request) },
      {
        onSuccess: () => {
          intention.settle();
          onClose();
          reportProposed(t);
        },
        onError: (error) => {
          if (putIssues(error)) return;
          // A decision that can no longer be made: whatever is asked next is a new intention.
          if (error.code === 'CONFLICT' || error.code === 'NOT_FOUND') intention.settle();
          onClose();
          reportFailure(t, error);
        },
      },
    );
  };

  const isSending = decide.isPending;
  return (
    <DecisionDialog
      open={decision !== null}
      isSending={isSending}
      onClose={onClose}
      testId="transfer-decision"
      reasonId={decision && decision.status !== 'completed' ? reasonId : null}
    >
      {decision ? (
        <DecisionForm
          key={`${decision.transfer.id}-${decision.status}`}
          decision={decision}
          isSending={isSending}
          onSend={send}
        />
      ) : null}
    </DecisionDialog>
  );
}
