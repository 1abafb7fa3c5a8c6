// Approvals' list (DESIGN §4 "Dual control"): what each proposal changes, the customer (none for a
// price change), its effect in money, the item, request or prices, who proposed it and when; pending ones with Approve and Reject
// (for anyone but their maker) or Withdraw (for their maker), decided ones with how, by whom and
// why. A table on wide screens; below, one card per proposal, as Transfer Management does.
import type { ReactNode } from 'react';
import { Check, type LucideIcon, Undo2, X } from 'lucide-react';
import type { Proposal } from '@secure-vault/shared/approvals';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import {
  effectText,
  hasDetails,
  kindText,
  ProposalCustomer,
  ProposalDetails,
  ProposalEffect,
  ProposalKind,
  ProposalMaker,
  ProposalOutcome,
} from './approvals-cells';
import type { ProposalAction, ProposalChoice } from './approvals-decision-dialog';
import { subjectText } from './approvals-price';

export type OnChoose = (choice: ProposalChoice) => void;

const buttons: readonly {
  action: ProposalAction;
  icon: LucideIcon;
  variant: 'default' | 'outline';
  can: (proposal: Proposal) => boolean;
}[] = [
  { action: 'approve', icon: Check, variant: 'default', can: (p) => p.canDecide },
  { action: 'reject', icon: X, variant: 'outline', can: (p) => p.canDecide },
  { action: 'withdraw', icon: Undo2, variant: 'outline', can: (p) => p.canWithdraw },
];

function Actions({
  proposal,
  isDeciding,
  onChoose,
}: {
  proposal: Proposal;
  isDeciding: boolean;
  onChoose: OnChoose;
}) {
  const { t } = useTranslation('admin');
  if (proposal.status !== 'pending') return null;
  const offered = buttons.filter(({ can }) => can(proposal));
  // Its maker waits for a colleague; a party to it (their own account) can only look.
  const waiting = proposal.canDecide ? null : (
    <span className="text-sm text-muted-foreground" data-testid="proposal-waiting">
      {proposal.canWithdraw ? t('approvals.waiting') : t('approvals.notYours')}
    </span>
  );
  // Which proposal a button acts on, for screen readers reading the buttons alone.
  const which = ` (${kindText(t, proposal)}, ${subjectText(t, proposal)}, ${effectText(proposal)})`;
  return (
    <div
      className="grid justify-items-start gap-2 lg:justify-items-end"
      aria-busy={isDeciding}
      data-testid="proposal-actions"
    >
      {waiting}
      {offered.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap">
          {offered.map(({ action, icon: Icon, variant }) => (
            <Button
              key={action}
              size="sm"
              variant={variant}
              className={action === 'reject' ? 'text-destructive' : undefined}
              disabled={isDeciding}
              onClick={() => onChoose({ proposal, action })}
            >
              <Icon aria-hidden />
              {t(`approvals.actions.${action}`)}
              <span className="sr-only">{which}</span>
            </Button>
          ))}
          {isDeciding ? <Spinner className="text-muted-foreground" /> : null}
        </div>
      ) : null}
    </div>
  );
}

export function ApprovalsList({
  items,
  decidingIds,
  onChoose,
}: {
  items: Proposal[];
  /** Proposals whose decision is on its way: their actions wait. */
  decidingIds: ReadonlySet<string>;
  onChoose: OnChoose;
}) {
  const { t } = useTranslation('admin');
  // The alignment is added per column: without tailwind-merge, text-start and text-end together
  // would leave the winner to the stylesheet's order.
  const head = 'px-3 py-2.5 font-medium text-muted-foreground';
  const headClass = `${head} text-start`;
  const last = (proposal: Proposal): ReactNode =>
    proposal.status === 'pending' ? (
      <Actions proposal={proposal} isDeciding={decidingIds.has(proposal.id)} onChoose={onChoose} />
    ) : (
      <ProposalOutcome proposal={proposal} />
    );
  const isDecidedView = items.some((proposal) => proposal.status !== 'pending');

  return (
    <>
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('approvals.caption')}
        data-testid="approvals-cards"
      >
        {items.map((proposal) => (
          <li
            key={proposal.id}
            className="grid gap-3 rounded-md border p-4"
            data-testid="proposal-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <ProposalKind proposal={proposal} />
              <ProposalEffect proposal={proposal} className="text-xl" />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('approvals.columns.customer')}</dt>
              <dd className="justify-self-end text-end">
                <ProposalCustomer proposal={proposal} />
              </dd>
              {hasDetails(proposal) ? (
                <>
                  <dt className="text-muted-foreground">{t('approvals.columns.details')}</dt>
                  <dd className="justify-self-end text-end">
                    <ProposalDetails proposal={proposal} />
                  </dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">{t('approvals.columns.proposed')}</dt>
              <dd className="justify-self-end text-end">
                <ProposalMaker proposal={proposal} />
              </dd>
            </dl>
            {last(proposal)}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="approvals-table">
          <caption className="sr-only">{t('approvals.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('approvals.columns.what')}
              </th>
              <th scope="col" className={headClass}>
                {t('approvals.columns.customer')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('approvals.columns.effect')}
              </th>
              <th scope="col" className={headClass}>
                {t('approvals.columns.details')}
              </th>
              <th scope="col" className={headClass}>
                {t('approvals.columns.proposed')}
              </th>
              <th scope="col" className={isDecidedView ? headClass : `${head} text-end`}>
                {isDecidedView ? t('approvals.columns.outcome') : t('approvals.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((proposal) => (
              <tr key={proposal.id} className="align-top" data-testid="proposal-row">
                <th scope="row" className="px-3 py-2.5 text-start font-normal">
                  <ProposalKind proposal={proposal} />
                </th>
                <td className="max-w-56 px-3 py-2.5">
                  <ProposalCustomer proposal={proposal} />
                </td>
                <td className="px-3 py-2.5 text-end">
                  <ProposalEffect proposal={proposal} />
                </td>
                <td className="min-w-44 max-w-64 px-3 py-2.5">
                  <ProposalDetails proposal={proposal} />
                </td>
                <td className="min-w-40 max-w-56 px-3 py-2.5">
                  <ProposalMaker proposal={proposal} />
                </td>
                <td className="px-3 py-2">{last(proposal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
