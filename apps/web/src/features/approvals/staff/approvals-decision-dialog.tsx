// Deciding a proposal (DESIGN §4 "Dual control"): approving says first what it does to the
// customer's value, since approval makes the change at once; rejecting asks for the reason the
// proposer will read; withdrawing (the proposer's own) changes nothing. Each is sent with an
// Idempotency-Key per intended decision: a retry of the same one reuses it, so it happens once.
import type { FormEvent } from 'react';
import type { TFunction } from 'i18next';
import * as approvals from '@secure-vault/shared/approvals/contracts';
import { type Proposal, proposalRejectionSchema } from '@secure-vault/shared/approvals';
import {
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { assetName } from '@/lib/asset-name';
import { useApiMutation } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { effectSentence, kindText, proposalDate } from './approvals-cells';
import {
  DecisionDialog,
  DecisionFooter,
  DecisionReason,
  useDecidingIds,
} from '@/components/staff/decision-dialog';

export type ProposalAction = 'approve' | 'reject' | 'withdraw';

export interface ProposalChoice {
  proposal: Proposal;
  action: ProposalAction;
}

/** Marks the decisions, so the list can tell which rows are waiting for one. */
const decisionKey = ['admin', 'proposals', 'decision'] as const;

/** The ids of the proposals whose decision is on its way. */
export function useDecidingProposals(): ReadonlySet<string> {
  return useDecidingIds(decisionKey);
}

const doneKey = {
  approve: 'approvals.done.approved',
  reject: 'approvals.done.rejected',
  withdraw: 'approvals.done.withdrawn',
} as const;

/** What approval may refuse with a text of its own; other codes say their general text. */
const explained = new Set(['INSUFFICIENT_CASH', 'ASSET_UNAVAILABLE', 'UNPROCESSABLE']);

function reportFailure(t: TFunction, error: unknown): void {
  // Decided by someone else first, or what it changes has changed: the refreshed list shows it.
  if (error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
    toast.error(t('approvals.conflict.title'), { description: t('approvals.conflict.body') });
    return;
  }
  const own = error instanceof ApiError && explained.has(error.code);
  toast.error(t('approvals.failed.title'), {
    description: own
      ? t(`approvals.failed.codes.${error.code}`)
      : apiErrorText(t, error, t('approvals.failed.body')),
  });
}

/** The item, or the asset a price change is for; null when the proposal names neither. */
function subjectOf(t: TFunction, proposal: Proposal): string | null {
  if (proposal.price) return assetName(t, proposal.price.symbol);
  return proposal.itemName;
}

/**
 * What the proposal is, for the dialog's second line: kind, item or asset, who proposed it and
 * when.
 */
function Summary({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  const subject = subjectOf(t, proposal);
  const what = subject ? `${kindText(t, proposal)}: ${isolate(subject)}` : kindText(t, proposal);
  return (
    <p className="text-sm text-muted-foreground" data-testid="proposal-summary">
      {what}.{' '}
      {t('approvals.proposedOn', {
        email: isolate(proposal.maker.email),
        time: proposalDate(proposal.createdAt),
      })}
    </p>
  );
}

/** Rejecting or withdrawing changes nothing: on the customer's account, or in the price book. */
function bodyText(t: TFunction, { proposal, action }: ProposalChoice): string {
  return proposal.price ? t(`approvals.${action}.bodyPrice`) : t(`approvals.${action}.body`);
}

const reasonId = 'proposal-reason';

/** A reason's error: a locale key of the shared schema (`admin:approvals.errors.reasonRequired`). */
function reasonError(t: TFunction, message: string | undefined): string | undefined {
  return message ? t([message, 'approvals.errors.reasonRequired']) : undefined;
}

function DecisionForm({
  choice,
  isSending,
  onSend,
}: {
  choice: ProposalChoice;
  isSending: boolean;
  /** `putIssues` puts a VALIDATION answer's issues on the reason; true when it did. */
  onSend: (reason: string | null, putIssues: (error: unknown) => boolean) => void;
}) {
  const { t } = useTranslation(['admin', 'auth', 'catalogue']);
  const { proposal, action } = choice;
  const form = useSchemaForm(proposalRejectionSchema, { defaultValues: { reason: '' } });
  const reasonMessage = form.getFieldState('reason', form.formState).error?.message;

  const submit =
    action === 'reject'
      ? form.handleSubmit(({ reason }) => onSend(reason, (error) => setServerIssues(form, error)))
      : (event: FormEvent) => {
          event.preventDefault();
          onSend(null, () => false);
        };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>{t(`approvals.${action}.title`)}</AlertDialogTitle>
        {/* The money first: approving makes this change at once. */}
        <AlertDialogDescription
          className={action === 'approve' ? 'text-base font-medium text-foreground' : undefined}
          data-testid="proposal-dialog-effect"
        >
          {action === 'approve' ? effectSentence(t, proposal) : bodyText(t, choice)}
        </AlertDialogDescription>
      </AlertDialogHeader>
      <Summary proposal={proposal} />
      {action === 'approve' ? (
        <p className="rounded-md bg-muted p-3 text-sm font-medium">
          {t('approvals.approve.final')}
        </p>
      ) : null}
      {action === 'reject' ? (
        <DecisionReason
          id={reasonId}
          label={t('approvals.reject.reason')}
          hint={t('approvals.reject.reasonHint')}
          error={reasonError(t, reasonMessage)}
          field={form.register('reason')}
        />
      ) : null}
      <DecisionFooter
        back={t('approvals.back')}
        confirm={t(`approvals.${action}.confirm`)}
        sending={t('approvals.sending')}
        destructive={action !== 'approve'}
        isSending={isSending}
      />
    </form>
  );
}

export function ApprovalsDecisionDialog({
  choice,
  onClose,
}: {
  choice: ProposalChoice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'auth']);
  const options = { mutationKey: decisionKey };
  const approve = useApiMutation(approvals.approveProposal, options);
  const reject = useApiMutation(approvals.rejectProposal, options);
  const withdraw = useApiMutation(approvals.withdrawProposal, options);
  const intention = useIdempotencyKey();
  const isSending = approve.isPending || reject.isPending || withdraw.isPending;

  const send = (reason: string | null, putIssues: (error: unknown) => boolean) => {
    if (!choice) return;
    const { proposal, action } = choice;
    const params = { id: proposal.id };
    const callbacks = {
      onSuccess: () => {
        intention.settle();
        onClose();
        toast.success(t(doneKey[action]));
      },
      onError: (error: ApiError) => {
        if (putIssues(error)) return;
        // A decision that can no longer be made: whatever is asked next is a new intention.
        if (error.code === 'CONFLICT' || error.code === 'NOT_FOUND') intention.settle();
        onClose();
        reportFailure(t, error);
      },
    };
    if (action === 'reject') {
      const request = { action, params, body: { reason: reason ?? '' } };
      const input = { params, body: request.body };
      reject.mutate({ ...input, idempotencyKey: intention.keyFor(request) }, callbacks);
      return;
    }
    const idempotencyKey = intention.keyFor({ action, params });
    if (action === 'approve') approve.mutate({ params, idempotencyKey }, callbacks);
    else withdraw.mutate({ params, idempotencyKey }, callbacks);
  };

  return (
    <DecisionDialog
      open={choice !== null}
      isSending={isSending}
      onClose={onClose}
      testId="proposal-decision"
      reasonId={choice?.action === 'reject' ? reasonId : null}
    >
      {choice ? (
        <DecisionForm
          key={`${choice.proposal.id}-${choice.action}`}
          choice={choice}
          isSending={isSending}
          onSend={send}
        />
      ) : null}
    </DecisionDialog>
  );
}
