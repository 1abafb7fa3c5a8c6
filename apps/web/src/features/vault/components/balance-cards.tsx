// SPEC §2 and §4: the Book Balance (faded with "Pending approval" while above zero), the cash
// balance and the Total Net Worth, each as the server computed it; with a book balance, a note
// that staff count it in the net worth they see.
import type { ComponentType, ReactNode } from 'react';
import { Banknote, BookOpen, Hourglass, PiggyBank } from 'lucide-react';
import { dec } from '@secure-vault/shared/money';
import type { Summary } from '@secure-vault/shared/vault';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { isBookBalancePending } from '../amounts';

function FigureCard({
  title,
  icon: Icon,
  hint,
  testId,
  children,
}: {
  title: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  hint: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid={testId}>
      <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon aria-hidden className="size-4 text-accent-strong" />
        {title}
      </h2>
      {children}
      <div className="mt-auto text-sm text-muted-foreground">{hint}</div>
    </Card>
  );
}

const figureClass = 'text-2xl font-bold tracking-tight tabular-nums sm:text-3xl';

export function BookBalanceCard({ bookBalance }: { bookBalance: string }) {
  const { t } = useTranslation('vault');
  const isPending = isBookBalancePending(bookBalance);
  return (
    <FigureCard
      title={t('balances.book')}
      icon={BookOpen}
      testId="book-balance"
      hint={
        isPending ? (
          <span
            className="inline-flex items-center gap-1.5 rounded-full bg-accent/20 px-2.5 py-0.5 text-xs font-semibold text-foreground"
            data-testid="book-balance-pending"
          >
            <Hourglass aria-hidden className="size-3.5" />
            {t('balances.pendingApproval')}
          </span>
        ) : (
          t('balances.bookHint')
        )
      }
    >
      {/* Faded until approved; muted text keeps it readable (WCAG AA) in both themes. */}
      <p
        className={cn(figureClass, isPending && 'text-muted-foreground')}
        data-pending={isPending || undefined}
      >
        {formatUsd(bookBalance)}
      </p>
    </FigureCard>
  );
}

export function BalanceCards({
  summary,
  isError,
  onRetry,
}: {
  summary: Summary | undefined;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('vault');
  if (!summary) {
    if (isError) {
      return <LoadError onRetry={onRetry}>{t('balances.loadFailed')}</LoadError>;
    }
    return (
      <div className="grid gap-4 sm:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Card key={index} className="grid gap-3 p-5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-4 w-32" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <section aria-label={t('balances.label')} className="grid gap-4 sm:grid-cols-3">
      <BookBalanceCard bookBalance={summary.bookBalance} />
      <FigureCard
        title={t('balances.cash')}
        icon={Banknote}
        hint={t('balances.cashHint')}
        testId="cash-balance"
      >
        <p className={figureClass}>{formatUsd(summary.cashBalance)}</p>
      </FigureCard>
      <FigureCard
        title={t('balances.netWorth')}
        icon={PiggyBank}
        hint={
          <>
            {t('balances.netWorthHint')}
            {/* Staff see net worth with the book balance in it (SPEC §9): say why theirs differs. */}
            {dec(summary.bookBalance).isZero() ? null : (
              <p className="mt-1 text-xs" data-testid="net-worth-note">
                {t('balances.netWorthNote')}
              </p>
            )}
          </>
        }
        testId="total-net-worth"
      >
        <p className={figureClass}>{formatUsd(summary.totalNetWorth)}</p>
      </FigureCard>
    </section>
  );
}
