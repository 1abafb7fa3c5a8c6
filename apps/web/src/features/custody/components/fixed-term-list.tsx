// "Your fixed terms" on /fixed-assets (DESIGN §5): active terms, counting down, then matured ones
// with their profit paid; and the cash balance, named as such, that the profits are paid into. Both refresh live when
// a term matures (the realtime `valuables` topic), so the customer sees the term close and the
// cash rise without reloading.
import { Wallet } from 'lucide-react';
import type { FixedTerm } from '@secure-vault/shared/custody';
import * as custody from '@secure-vault/shared/custody/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { useNow } from '../fixed-time';
import { FixedTermItem } from './fixed-term-item';

function CashLine() {
  const { t } = useTranslation('custody');
  const summary = useApiQuery(vault.getSummary);
  if (summary.isError) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground"
      data-testid="fixed-cash-line"
    >
      <Wallet aria-hidden className="size-4 shrink-0" />
      {/* The balance is named as the balance, the profits said apart: a figure right after
          "profits are paid into your cash" read as the profit itself. */}
      <span>{t('fixed.list.cash')}</span>{' '}
      {summary.data ? (
        <span className="font-semibold text-foreground tabular-nums" data-testid="fixed-cash">
          {formatUsd(summary.data.cashBalance)}
        </span>
      ) : (
        <Skeleton className="h-4 w-20" />
      )}{' '}
      <span>{t('fixed.list.cashNote')}</span>
    </div>
  );
}

function Group({
  id,
  title,
  terms,
  now,
}: {
  id: string;
  title: string;
  terms: readonly FixedTerm[];
  now: number;
}) {
  if (terms.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <ul className="grid gap-3" data-testid={id}>
        {terms.map((term) => (
          <FixedTermItem key={term.id} term={term} now={now} />
        ))}
      </ul>
    </section>
  );
}

export function FixedTermList() {
  const { t } = useTranslation('custody');
  const terms = useApiQuery(custody.getMyFixedTerms);
  const now = useNow();
  const active = terms.data?.filter((term) => term.status === 'active') ?? [];
  const matured = terms.data?.filter((term) => term.status === 'matured') ?? [];

  return (
    <Card role="region" aria-labelledby="fixed-terms-title">
      <CardHeader>
        <h2 id="fixed-terms-title" className="text-lg font-semibold leading-tight">
          {t('fixed.list.title')}
        </h2>
        <CashLine />
      </CardHeader>
      <CardContent className="grid gap-6">
        {terms.isPending ? (
          <div
            role="status"
            className="grid gap-3"
            aria-busy="true"
            aria-label={t('fixed.list.loading')}
          >
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : terms.isError ? (
          <LoadError
            title={t('fixed.list.loadErrorTitle')}
            onRetry={() => void terms.refetch()}
            isRetrying={terms.isFetching}
          >
            {t('fixed.list.loadError')}
          </LoadError>
        ) : terms.data.length === 0 ? (
          <p className="text-muted-foreground" data-testid="fixed-terms-empty">
            {t('fixed.list.empty')}
          </p>
        ) : (
          <>
            <Group
              id="fixed-terms-active"
              title={t('fixed.list.activeTitle', { count: active.length })}
              terms={active}
              now={now}
            />
            <Group
              id="fixed-terms-matured"
              title={t('fixed.list.maturedTitle', { count: matured.length })}
              terms={matured}
              now={now}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
