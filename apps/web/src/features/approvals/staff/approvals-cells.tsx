// What a row of Approvals says about one proposal (DESIGN §4 "Dual control"), shared by the table
// and the phone cards: what it changes, whose account (none for a price change), its effect in
// money, the item, request or prices, who proposed it and when, and once decided, how, by whom
// and why.
import type { TFunction } from 'i18next';
import { ArrowRight } from 'lucide-react';
import type { Proposal, ProposalStatus } from '@secure-vault/shared/approvals';
import { dec } from '@secure-vault/shared/money';
import { EmailAddress } from '@/components/ui/email-address';
import { formatDate, isolate } from '@/lib/format';
import { formatUsd } from '@/lib/money';
import { StatusBadge } from '@/components/ui/status-badge';
import { proposalStatusTones } from '../proposal-status';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { ProposalAsset, ProposalPrices, priceEffectSentence } from './approvals-price';

/** Staff need the hour too: proposals are decided in the order they came. */
const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function proposalDate(value: string): string {
  return formatDate(value, undefined, dateTime);
}

/** The kind in words ("Custody intake"). */
export function kindText(t: TFunction, proposal: Proposal): string {
  return t(`approvals.kinds.${proposal.kind}`);
}

/** The signed effect on the customer's value: "+$1,500.00", "-$75.00", "$0.00". */
export function effectText(proposal: Proposal): string {
  return formatUsd(proposal.amount, { sign: 'exceptZero' });
}

/** What approving does to the customer's value, in one sentence; a price change's, in two. */
export function effectSentence(t: TFunction, proposal: Proposal): string {
  if (!proposal.customer) return priceEffectSentence(t, proposal);
  const amount = dec(proposal.amount);
  const email = isolate(proposal.customer.email);
  if (amount.isZero()) return t('approvals.effects.none', { email });
  const key = amount.greaterThan(0) ? 'approvals.effects.credit' : 'approvals.effects.debit';
  return t(key, { amount: formatUsd(amount.abs().toFixed()), email });
}

/** The signed amount, green when it adds value and red when it takes value out. */
export function ProposalEffect({
  proposal,
  className,
}: {
  proposal: Proposal;
  className?: string;
}) {
  const amount = dec(proposal.amount);
  return (
    <bdi
      dir="ltr"
      className={cn(
        'whitespace-nowrap font-semibold tabular-nums',
        amount.greaterThan(0) && 'text-success',
        amount.lessThan(0) && 'text-destructive',
        className,
      )}
      data-testid="proposal-effect"
    >
      {effectText(proposal)}
    </bdi>
  );
}

/**
 * The kind, for a request its type, the decision asked for and its reference, and for a price
 * change its asset.
 */
export function ProposalKind({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('admin');
  const { requestType, requestStatus, reference, price } = proposal;
  return (
    <span className="grid gap-0.5">
      <span className="font-medium">{kindText(t, proposal)}</span>
      {price ? <ProposalAsset price={price} /> : null}
      {requestType ? (
        <span className="text-xs text-muted-foreground">{t(`transfers.types.${requestType}`)}</span>
      ) : null}
      {requestStatus ? (
        <span className="text-xs text-muted-foreground">
          {t('approvals.decisionAsked', { status: t(`transfers.statuses.${requestStatus}`) })}
        </span>
      ) : null}
      {reference ? (
        <span className="whitespace-nowrap text-xs text-muted-foreground">
          <span className="sr-only">{t('transfers.reference')}: </span>
          <bdi dir="ltr" className="font-mono">
            {reference}
          </bdi>
        </span>
      ) : null}
    </span>
  );
}

/** The customer: email, and the account number under it; a price change has none. */
export function ProposalCustomer({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('admin');
  const { customer } = proposal;
  if (!customer) {
    return (
      <span className="text-muted-foreground" data-testid="proposal-no-customer">
        {t('approvals.noCustomer')}
      </span>
    );
  }
  return (
    <span className="grid gap-0.5">
      <EmailAddress email={customer.email} />
      {customer.accountNumber ? (
        <span className="text-xs text-muted-foreground">
          <bdi dir="ltr" className="break-all font-mono">
            {customer.accountNumber}
          </bdi>
        </span>
      ) : null}
    </span>
  );
}

const noValue = '—';

/**
 * True when the proposal names an item, a value, a note (a request's decision may not) or the
 * prices it sets.
 */
export function hasDetails({ itemName, itemType, valueBefore, valueAfter, note, price }: Proposal) {
  return (
    Boolean(itemName || itemType || note || price) || valueBefore !== null || valueAfter !== null
  );
}

/**
 * The item's name and type, its value before → after, and a note for the customer; a price
 * change's buy and sell prices before → after.
 */
export function ProposalDetails({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation(['admin', 'vault']);
  const { itemName, itemType, valueBefore, valueAfter, note, price } = proposal;
  const hasValues = valueBefore !== null || valueAfter !== null;
  if (price) return <ProposalPrices price={price} />;
  if (!hasDetails(proposal)) return null;
  return (
    <span className="grid gap-0.5" data-testid="proposal-details">
      {itemName ? (
        <span className="font-medium">
          <bdi>{itemName}</bdi>
        </span>
      ) : null}
      {itemType ? (
        <span className="text-xs text-muted-foreground">
          {t([`vault:itemTypes.${itemType}`, 'approvals.otherItem'])}
        </span>
      ) : null}
      {hasValues ? (
        <span
          className="flex items-center gap-1 whitespace-nowrap text-xs tabular-nums"
          data-testid="proposal-values"
        >
          <span className="sr-only">{t('approvals.valueChange')}: </span>
          <span className={cn(valueBefore !== null && 'text-muted-foreground')}>
            {valueBefore === null ? noValue : formatUsd(valueBefore)}
          </span>
          <ArrowRight aria-hidden className="size-3 shrink-0 rtl:rotate-180" />
          <span className="sr-only">{t('approvals.valueTo')} </span>
          <span className="font-medium">
            {valueAfter === null ? noValue : formatUsd(valueAfter)}
          </span>
        </span>
      ) : null}
      {note ? (
        <span className="text-xs text-muted-foreground">
          {t('approvals.note')}: <bdi>{note}</bdi>
        </span>
      ) : null}
    </span>
  );
}

/** "Proposed by <email>", and when. */
export function ProposalMaker({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('admin');
  return (
    <span className="grid gap-0.5 text-sm" data-testid="proposal-maker">
      <span>
        <span className="text-muted-foreground">{t('approvals.proposedBy')} </span>
        <EmailAddress email={proposal.maker.email} />
      </span>
      <time dateTime={proposal.createdAt} className="text-xs text-muted-foreground">
        {proposalDate(proposal.createdAt)}
      </time>
    </span>
  );
}

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const { t } = useTranslation('admin');
  return (
    <StatusBadge
      status={status}
      tones={proposalStatusTones}
      label={t(`approvals.statuses.${status}`)}
      testId="proposal-status-badge"
    />
  );
}

/** A decided proposal: its status, who decided it and when, and why it was rejected. */
export function ProposalOutcome({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('admin');
  const { status, checker, decidedAt, reason } = proposal;
  return (
    <span className="grid justify-items-start gap-1 text-sm" data-testid="proposal-outcome">
      <ProposalStatusBadge status={status} />
      {checker ? (
        <span>
          <span className="text-muted-foreground">{t(`approvals.decidedBy.${status}`)} </span>
          <EmailAddress email={checker.email} />
        </span>
      ) : status === 'withdrawn' ? (
        <span className="text-muted-foreground">{t('approvals.decidedBy.withdrawn')}</span>
      ) : null}
      {decidedAt ? (
        <time dateTime={decidedAt} className="text-xs text-muted-foreground">
          {proposalDate(decidedAt)}
        </time>
      ) : null}
      {reason ? (
        <span className="max-w-64 text-xs text-muted-foreground" data-testid="proposal-reason">
          {t('approvals.reasonLabel')}: <bdi>{reason}</bdi>
        </span>
      ) : null}
    </span>
  );
}
