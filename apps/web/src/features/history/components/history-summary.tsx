// SPEC §2 /history summary counts, over the chosen dates whatever the type filter. The groups
// partition the transactions, so the counts shown add up to the total; groups that rarely hold
// anything (fixed terms, deliveries, rounding) appear only when they do.
import {
  type HistoryGroup,
  historyGroupNames,
  type HistorySummary as Summary,
} from '@secure-vault/shared/history';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const alwaysShown: readonly HistoryGroup[] = [
  'purchases',
  'sales',
  'swaps',
  'transfers',
  'depositsAndWithdrawals',
  'staffAdjustments',
];

function shownCounts(summary: Summary | undefined): ('total' | HistoryGroup)[] {
  return [
    'total',
    ...historyGroupNames.filter(
      (group) => alwaysShown.includes(group) || Boolean(summary?.[group]),
    ),
  ];
}

export function HistorySummary({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation('history');
  return (
    <section aria-labelledby="history-summary-title">
      <h2 id="history-summary-title" className="sr-only">
        {t('summary.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {shownCounts(summary).map((key) => (
          <div
            key={key}
            className={cn(
              'flex flex-col-reverse justify-end gap-1 rounded-lg border bg-card p-4 shadow-sm',
              key === 'total' && 'col-span-2 border-accent/60 sm:col-span-1',
            )}
            data-testid={`summary-${key}`}
          >
            <dt className="text-sm leading-tight text-muted-foreground">{t(`summary.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums">
              {summary ? summary[key] : <span className="text-muted-foreground">—</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
