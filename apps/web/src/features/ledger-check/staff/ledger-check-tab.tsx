// Ledger Check (issue 15 item 6): runs the reconciliation when the tab opens and again on "Run
// check": a banner with the outcome, the platform's totals, and every difference (customer, item,
// what differs, what the journal says and what the holding shows) — a table on wide screens, one
// card per difference on phones — and the platform's position per asset by account (decision
// 021). The same check as `npm run check:ledger`.
import { CircleAlert, CircleCheck, RotateCw } from 'lucide-react';
import type { TFunction } from 'i18next';
import * as ledgerCheck from '@secure-vault/shared/ledger-check/contracts';
import type {
  LedgerDifference,
  LedgerPlatformTotals,
  LedgerReport,
} from '@secure-vault/shared/ledger-check/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatExactUsd, ltrIsolate, normalizeDecimal } from '@/lib/money';
import { cn } from '@/lib/utils';
import { EmailAddress } from '@/components/ui/email-address';
import { inUnit, Positions } from './ledger-positions';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** A difference's figure: a quantity or a count as the exact number, else dollars. */
function figure(difference: LedgerDifference, value: string): string {
  if (difference.kind === 'unbalanced' || difference.kind === 'reservation') {
    return inUnit(difference.itemName, value);
  }
  if (difference.kind === 'quantity' || difference.kind === 'duplicate_cash') {
    return ltrIsolate(normalizeDecimal(value));
  }
  return formatExactUsd(value);
}

const totalKeys = [
  'holdingsValue',
  'journalValue',
  'roundingAccount',
  'cash',
  'deposits',
  'withdrawals',
  'fixedTermProfit',
  'staffAdjustments',
  'delivered',
] as const satisfies readonly (keyof LedgerPlatformTotals)[];

function Totals({ platform, movements }: { platform: LedgerPlatformTotals; movements: number }) {
  const { t } = useTranslation('admin');
  return (
    <section className="grid gap-3" aria-labelledby="ledger-check-totals">
      <h4 id="ledger-check-totals" className="text-base font-semibold">
        {t('ledgerCheck.totals.title')}
      </h4>
      <dl
        className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-3"
        data-testid="ledger-check-totals"
      >
        {totalKeys.map((key) => (
          <div key={key} className="flex justify-between gap-4 border-b py-1.5">
            <dt className="text-muted-foreground">{t(`ledgerCheck.totals.${key}`)}</dt>
            <dd className="text-end font-medium tabular-nums" data-testid={`ledger-total-${key}`}>
              {formatExactUsd(platform[key])}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-b py-1.5">
          <dt className="text-muted-foreground">{t('ledgerCheck.totals.journalRows')}</dt>
          <dd className="text-end font-medium tabular-nums">
            {ltrIsolate(String(platform.journalRows))}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-b py-1.5">
          <dt className="text-muted-foreground">{t('ledgerCheck.totals.movements')}</dt>
          <dd className="text-end font-medium tabular-nums" data-testid="ledger-total-movements">
            {ltrIsolate(String(movements))}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function who(t: TFunction, difference: LedgerDifference) {
  if (difference.email) {
    return <EmailAddress email={difference.email} />;
  }
  return <span>{difference.userId ?? t('ledgerCheck.differences.platform')}</span>;
}

function item(t: TFunction, difference: LedgerDifference) {
  if (difference.kind === 'unbalanced') {
    return (
      <span className="grid">
        <bdi>{difference.itemName ?? t('ledgerCheck.positions.custodyItems')}</bdi>
        <span className="text-muted-foreground">
          {t('ledgerCheck.differences.movement', { movement: difference.movement ?? '' })}
        </span>
      </span>
    );
  }
  if (difference.itemName) return <bdi className="break-words">{difference.itemName}</bdi>;
  return <span className="text-muted-foreground">{t('ledgerCheck.differences.noItem')}</span>;
}

function Differences({ differences }: { differences: LedgerDifference[] }) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';
  const key = (difference: LedgerDifference, index: number) =>
    `${difference.kind}-${difference.userId ?? 'platform'}-${difference.valuableId ?? index}`;
  return (
    <section className="grid gap-3" aria-labelledby="ledger-check-differences">
      <h4 id="ledger-check-differences" className="text-base font-semibold">
        {t('ledgerCheck.differences.title')}
      </h4>
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('ledgerCheck.differences.caption')}
        data-testid="ledger-difference-cards"
      >
        {differences.map((difference, index) => (
          <li
            key={key(difference, index)}
            className="grid gap-2 rounded-md border border-destructive/40 p-4"
            data-testid="ledger-difference-card"
          >
            <p className="font-medium">{t(`ledgerCheck.kinds.${difference.kind}`)}</p>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('ledgerCheck.differences.customer')}</dt>
              <dd className="text-end">{who(t, difference)}</dd>
              <dt className="text-muted-foreground">{t('ledgerCheck.differences.item')}</dt>
              <dd className="text-end">{item(t, difference)}</dd>
              <dt className="text-muted-foreground">{t('ledgerCheck.differences.expected')}</dt>
              <dd className="text-end tabular-nums">{figure(difference, difference.expected)}</dd>
              <dt className="text-muted-foreground">{t('ledgerCheck.differences.actual')}</dt>
              <dd className="text-end font-medium tabular-nums">
                {figure(difference, difference.actual)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="ledger-difference-table">
          <caption className="sr-only">{t('ledgerCheck.differences.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('ledgerCheck.differences.customer')}
              </th>
              <th scope="col" className={headClass}>
                {t('ledgerCheck.differences.item')}
              </th>
              <th scope="col" className={headClass}>
                {t('ledgerCheck.differences.what')}
              </th>
              <th scope="col" className={cn(headClass, 'text-end')}>
                {t('ledgerCheck.differences.expected')}
              </th>
              <th scope="col" className={cn(headClass, 'text-end')}>
                {t('ledgerCheck.differences.actual')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {differences.map((difference, index) => (
              <tr
                key={key(difference, index)}
                className="align-top"
                data-testid="ledger-difference-row"
              >
                <th scope="row" className="max-w-64 px-3 py-2.5 text-start font-normal">
                  {who(t, difference)}
                </th>
                <td className="max-w-56 px-3 py-2.5">{item(t, difference)}</td>
                <td className="px-3 py-2.5">{t(`ledgerCheck.kinds.${difference.kind}`)}</td>
                <td className="px-3 py-2.5 text-end tabular-nums">
                  {figure(difference, difference.expected)}
                </td>
                <td className="px-3 py-2.5 text-end font-medium tabular-nums">
                  {figure(difference, difference.actual)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Result({ report }: { report: LedgerReport }) {
  const { t } = useTranslation('admin');
  const summary = t('ledgerCheck.summary', {
    customers: report.customers,
    holdings: report.holdings,
    checkedAt: formatDate(report.checkedAt, undefined, dateTime),
    position: report.journalPosition
      ? formatDate(report.journalPosition, undefined, dateTime)
      : t('ledgerCheck.emptyJournal'),
  });
  return (
    <>
      <Alert
        tone={report.ok ? 'success' : 'danger'}
        role="status"
        data-testid="ledger-check-result"
      >
        {report.ok ? (
          <CircleCheck aria-hidden className="text-success" />
        ) : (
          <CircleAlert aria-hidden className="text-destructive" />
        )}
        <div className="grid gap-1">
          <p className="font-semibold">
            {report.ok
              ? t('ledgerCheck.ok')
              : t('ledgerCheck.failed', { count: report.differences.length })}
          </p>
          <p className="text-muted-foreground">{summary}</p>
        </div>
      </Alert>
      {report.differences.length > 0 ? <Differences differences={report.differences} /> : null}
      <Positions positions={report.positions} />
      <Totals platform={report.platform} movements={report.movements} />
    </>
  );
}

export function LedgerCheckTab() {
  const { t } = useTranslation('admin');
  const check = useApiQuery(ledgerCheck.runLedgerCheck);

  let body;
  if (check.data) {
    body = <Result report={check.data} />;
  } else if (!check.isError) {
    body = (
      <div className="grid gap-3" aria-busy="true" data-testid="ledger-check-loading">
        <span className="sr-only">{t('ledgerCheck.checking')}</span>
        <Skeleton className="h-16 w-full" />
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h3 className="text-lg font-semibold leading-tight">{t('ledgerCheck.title')}</h3>
          <CardDescription>{t('ledgerCheck.description')}</CardDescription>
          <CardDescription>{t('ledgerCheck.shell')}</CardDescription>
        </div>
        <Button
          className="shrink-0"
          onClick={() => {
            if (!check.isFetching) void check.refetch();
          }}
          aria-busy={check.isFetching}
          data-testid="ledger-check-run"
        >
          <RotateCw aria-hidden className={cn(check.isFetching && 'animate-spin')} />
          {check.isFetching ? t('ledgerCheck.running') : t('ledgerCheck.run')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {check.isError ? (
          <LoadError
            title={t('ledgerCheck.loadErrorTitle')}
            onRetry={() => void check.refetch()}
            isRetrying={check.isFetching}
          >
            {t('ledgerCheck.loadErrorBody')}
          </LoadError>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
