// A plan's last periods (issue 29), newest first: what each bought and for how much, or why it was
// skipped, in words. The three latest show; the rest, up to the 12 kept, open on request.
import type { RecurringBuy, RecurringRun } from '@secure-vault/shared/recurring';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { pastRunDate, runOutcomeText } from '../recurring-text';

const shownFirst = 3;

function RunItem({ symbol, run }: { symbol: string; run: RecurringRun }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <li className="flex flex-wrap gap-x-2" data-testid="recurring-run" data-outcome={run.outcome}>
      <time dateTime={run.at} className="text-muted-foreground tabular-nums">
        {pastRunDate(run.at)}
      </time>
      <span className={cn(run.outcome === 'skipped' && 'text-destructive')}>
        {runOutcomeText(t, symbol, run)}
      </span>
    </li>
  );
}

export function RecurringRuns({ plan }: { plan: RecurringBuy }) {
  const { t } = useTranslation('trading');
  if (plan.runs.length === 0) {
    return <p className="text-muted-foreground">{t('recurring.noRuns')}</p>;
  }
  const first = plan.runs.slice(0, shownFirst);
  const rest = plan.runs.slice(shownFirst);
  return (
    <div className="grid gap-1">
      <p className="font-medium">{t('recurring.lastRuns')}</p>
      <ul className="grid gap-1">
        {first.map((run) => (
          <RunItem key={run.at} symbol={plan.symbol} run={run} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-accent-strong underline-offset-2 hover:underline">
            {t('recurring.olderRuns', { number: rest.length })}
          </summary>
          <ul className="mt-1 grid gap-1">
            {rest.map((run) => (
              <RunItem key={run.at} symbol={plan.symbol} run={run} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
