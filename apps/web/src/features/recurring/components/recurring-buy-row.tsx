// One recurring buy in a list (issue 29): what it buys and when, its status, its next buy, its last
// periods, and Pause or Resume and Cancel while it is not cancelled. Settings names the asset,
// linked to its page; the asset's page does not. After a change the keyboard stays on the row,
// or goes to the list's heading when the row is gone.
import { useRef } from 'react';
import { Link } from 'react-router';
import { Pause, Play, Repeat } from 'lucide-react';
import type { RecurringBuy, RecurringStatus } from '@secure-vault/shared/recurring';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge, type StatusTones } from '@/components/ui/status-badge';
import { assetName } from '@/lib/asset-name';
import { useTranslation } from '@/lib/i18n';
import { usePlanActions } from '../hooks/use-plan-actions';
import { assetPagePath, runDateText, scheduleText } from '../recurring-text';
import { CancelRecurringBuy } from './cancel-recurring-buy';
import { RecurringRuns } from './recurring-runs';

const statusTones: StatusTones<RecurringStatus> = {
  active: 'green',
  paused: 'amber',
  cancelled: 'grey',
};

const busyText = { pause: 'recurring.pausing', resume: 'recurring.resuming' } as const;

function AssetLink({ symbol }: { symbol: string }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const path = assetPagePath(symbol);
  const name = assetName(t, symbol);
  if (path === null) return <p className="font-semibold">{name}</p>;
  return (
    <p>
      <Link to={path} className="font-semibold underline-offset-2 hover:underline">
        {name}
      </Link>
    </p>
  );
}

function NextRun({ plan }: { plan: RecurringBuy }) {
  const { t } = useTranslation('trading');
  if (plan.nextRunAt === null) {
    return (
      <p className="text-muted-foreground" data-testid="recurring-next">
        {t(`recurring.noNext.${plan.status === 'paused' ? 'paused' : 'cancelled'}`)}
      </p>
    );
  }
  return (
    <p data-testid="recurring-next">
      <span className="text-muted-foreground">{t('recurring.nextRun')} </span>
      <time dateTime={plan.nextRunAt} className="font-medium">
        {runDateText(t, plan.nextRunAt)}
      </time>
    </p>
  );
}

export function RecurringBuyRow({
  plan,
  isAssetShown = false,
  onGone,
}: {
  plan: RecurringBuy;
  /** Settings lists every asset's plans, so it names the asset; the asset's page does not. */
  isAssetShown?: boolean;
  /** Where the keyboard goes when a change took the row off the list. */
  onGone: () => void;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const titleRef = useRef<HTMLSpanElement>(null);
  const focusRow = () => {
    if (titleRef.current?.isConnected) titleRef.current.focus();
    else onGone();
  };
  const { run, pending } = usePlanActions(plan, focusRow);
  const schedule = scheduleText(t, plan);
  const named = `${assetName(t, plan.symbol)}: ${schedule}`;
  const isOpen = plan.status !== 'cancelled';
  const toggle = plan.status === 'active' ? 'pause' : 'resume';

  return (
    <li className="grid gap-3 p-4" data-testid="recurring-buy-item" data-status={plan.status}>
      <div className="flex min-w-0 gap-3">
        <Repeat aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-1 text-sm">
          {isAssetShown ? <AssetLink symbol={plan.symbol} /> : null}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span ref={titleRef} tabIndex={-1} className="font-medium tabular-nums outline-none">
              {schedule}
            </span>
            <StatusBadge
              status={plan.status}
              tones={statusTones}
              label={t(`recurring.status.${plan.status}`)}
              testId="recurring-status"
            />
          </p>
          <NextRun plan={plan} />
          <RecurringRuns plan={plan} />
        </div>
      </div>
      {isOpen ? (
        <div className="flex flex-wrap gap-2 ps-8">
          <Button
            variant="outline"
            size="sm"
            aria-label={
              pending === toggle ? undefined : t(`recurring.${toggle}Named`, { plan: named })
            }
            aria-busy={pending === toggle}
            disabled={pending !== undefined && pending !== toggle}
            onClick={() => run(toggle)}
          >
            {pending === toggle ? (
              <Spinner label={t(busyText[toggle])} />
            ) : (
              <>
                {toggle === 'pause' ? <Pause aria-hidden /> : <Play aria-hidden />}
                {t(`recurring.${toggle}`)}
              </>
            )}
          </Button>
          <CancelRecurringBuy
            planText={named}
            isPending={pending === 'cancel'}
            isDisabled={pending !== undefined}
            onConfirm={() => run('cancel')}
            onConfirmed={focusRow}
          />
        </div>
      ) : null}
    </li>
  );
}
