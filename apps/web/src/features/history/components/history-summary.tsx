// SPEC §2 /history summary counts, over the chosen dates whatever the type filter.
import type { HistoryPage } from '@secure-vault/shared/history';
import { useTranslation } from '@/lib/i18n';

const counts = [
  'total',
  'purchases',
  'sales',
  'transfers',
  'depositsAndWithdrawals',
  'staffAdjustments',
] as const;

export function HistorySummary({ summary }: { summary: HistoryPage['summary'] | undefined }) {
  const { t } = useTranslation('history');
  return (
    <section aria-labelledby="history-summary-title">
      <h2 id="history-summary-title" className="sr-only">
        {t('summary.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map((key) => (
          <div
            key={key}
            className="flex flex-col-reverse justify-end gap-1 rounded-lg border bg-card p-4 shadow-sm"
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
