// Book Balance, the list (SPEC §2 tab 4, DESIGN §5): every user with their account number ("Not
// assigned" without one) and book balance. A pending balance (any amount but zero) shows "Pending
// approval", who recorded it and when, and a way to Approvals, where another staff member decides
// it (DESIGN §4 "Dual control"). Pending balances come first. A table on wide screens; below, one
// card per user.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import type { AdminUser } from '@secure-vault/shared/vault';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { EmailAddress } from '@/components/ui/email-address';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A balance waits for a decision until it is cleared to zero. */
export function isPending(user: AdminUser): boolean {
  return !/^-?0*(\.0*)?$/.test(user.bookBalance.trim());
}

function PendingBadge() {
  const { t } = useTranslation('admin');
  return (
    <span
      className="inline-flex items-center whitespace-nowrap rounded-full bg-accent/20 px-2.5 py-0.5 text-xs font-semibold text-foreground"
      data-testid="book-balance-pending-badge"
    >
      {t('bookBalance.pendingApproval')}
    </span>
  );
}

/** "Recorded by <email> · <time>", or that it predates approvals. */
function RecordedBy({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const recorder = user.bookBalanceRecordedBy;
  return (
    <span className="text-xs text-muted-foreground" data-testid="book-balance-recorded">
      {recorder && user.bookBalanceRecordedAt ? (
        <>
          {t('bookBalance.recordedBy')} <EmailAddress email={recorder.email} />
          <span aria-hidden> · </span>
          <time dateTime={user.bookBalanceRecordedAt}>
            {formatDate(user.bookBalanceRecordedAt, undefined, dateTime)}
          </time>
        </>
      ) : (
        t('bookBalance.recordedBefore')
      )}
    </span>
  );
}

function Approval({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  if (!isPending(user)) {
    return <span className="text-muted-foreground">{t('bookBalance.nothingPending')}</span>;
  }
  return (
    <span className="grid justify-items-start gap-1">
      <PendingBadge />
      <RecordedBy user={user} />
    </span>
  );
}

/** Deciding is done in Approvals: the address names its tab. */
function ReviewLink({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  if (!isPending(user)) return null;
  return (
    <Button asChild size="sm" variant="outline" className="w-fit">
      <Link to={{ search: '?tab=approvals' }} replace data-testid="book-balance-review">
        <ShieldCheck aria-hidden />
        {t('bookBalance.review')}
        <span className="sr-only"> ({user.email})</span>
      </Link>
    </Button>
  );
}

function AccountNumber({ value }: { value: string | null }) {
  const { t } = useTranslation('admin');
  return value ? (
    <bdi dir="ltr" className="font-mono">
      {value}
    </bdi>
  ) : (
    <span>{t('bookBalance.notAssigned')}</span>
  );
}

/** A scrolling region the keyboard can scroll too (it may hold no button at all). */
function Scroller({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="region" tabIndex={0} aria-label={label} className={className}>
      {children}
    </div>
  );
}

export function BookBalanceList({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation('admin');
  // Pending balances first (they wait for someone), in the server's order otherwise.
  const rows = [...users].sort((a, b) => Number(isPending(b)) - Number(isPending(a)));
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';

  return (
    <div data-testid="book-balance-list">
      {/* Phones: one card per user, the figures and the decision in view. */}
      <Scroller
        label={t('bookBalance.listTitle')}
        className="max-h-[32rem] overflow-y-auto rounded-md border md:hidden"
      >
        <ul className="divide-y">
          {rows.map((user) => (
            <li
              key={user.userId}
              className="grid gap-2 p-3 text-sm"
              data-testid="book-balance-card"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0 font-medium">
                  <EmailAddress email={user.email} />
                </span>
                <span className="shrink-0 font-semibold tabular-nums">
                  {formatUsd(user.bookBalance)}
                </span>
              </div>
              <span className="text-muted-foreground">
                {t('bookBalance.accountNumber')}: <AccountNumber value={user.accountNumber} />
              </span>
              {isPending(user) ? <Approval user={user} /> : null}
              <ReviewLink user={user} />
            </li>
          ))}
        </ul>
      </Scroller>
      <Scroller
        label={t('bookBalance.listTitle')}
        className="hidden max-h-[32rem] overflow-auto rounded-md border md:block"
      >
        <table className="w-full text-sm" data-testid="book-balance-table">
          <caption className="sr-only">{t('bookBalance.listTitle')}</caption>
          <thead className="sticky top-0 border-b bg-muted">
            <tr>
              <th scope="col" className={headClass}>
                {t('bookBalance.email')}
              </th>
              <th scope="col" className={`${headClass} text-end`}>
                {t('bookBalance.balance')}
              </th>
              <th scope="col" className={headClass}>
                {t('bookBalance.status')}
              </th>
              <th scope="col" className={headClass}>
                <span className="sr-only">{t('bookBalance.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((user) => (
              <tr key={user.userId} data-testid="book-balance-row">
                <th scope="row" className="max-w-64 px-3 py-2.5 text-start font-normal">
                  <span className="grid gap-0.5">
                    <bdi dir="ltr" className="break-all font-medium">
                      {user.email}
                    </bdi>
                    <span className="text-muted-foreground">
                      {t('bookBalance.accountNumber')}: <AccountNumber value={user.accountNumber} />
                    </span>
                  </span>
                </th>
                <td className="whitespace-nowrap px-3 py-2.5 text-end font-semibold tabular-nums">
                  {formatUsd(user.bookBalance)}
                </td>
                <td className="px-3 py-2.5">
                  <Approval user={user} />
                </td>
                <td className="px-3 py-2 text-end">
                  <ReviewLink user={user} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroller>
    </div>
  );
}
