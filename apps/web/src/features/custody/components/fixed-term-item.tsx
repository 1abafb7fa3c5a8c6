// One of the customer's fixed terms (DESIGN §5): what is fixed and how much of it, the value it
// was fixed on, the rate and profit, when it started and when it matures. An active term counts
// down in days and hours (minutes on its last day) with a progress bar; a matured one shows the
// day it matured and that its profit was paid.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { CircleCheck, Lock } from 'lucide-react';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { FixedTerm } from '@secure-vault/shared/custody';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate, normalizeDecimal } from '@/lib/money';
import { cn } from '@/lib/utils';
import { holdingName } from '@/lib/valuable-text';
import { formatRate, formatTermDate, termName } from '../fixed-text';
import { isLastDay, termProgress, timeLeft } from '../fixed-time';

function quantityText(t: TFunction, term: FixedTerm): string {
  if (term.quantity === null) return t('fixed.list.wholeItem');
  const asset = term.assetSymbol ? findAsset(term.assetSymbol) : undefined;
  if (asset) return formatAssetQuantity(t, asset, term.quantity);
  return ltrIsolate(`${normalizeDecimal(term.quantity)} ${term.unit ?? ''}`.trim());
}

/** "12 days, 4 hours left"; on the last day "3 hours, 20 minutes left"; no part that is zero. */
function countdownText(t: TFunction, now: number, until: number): string {
  const left = timeLeft(now, until);
  const units = isLastDay(left)
    ? ([
        ['hours', left.hours],
        ['minutes', left.minutes],
      ] as const)
    : ([
        ['days', left.days],
        ['hours', left.hours],
      ] as const);
  const shown = units.filter(([, count]) => count > 0);
  const parts = (shown.length > 0 ? shown : units.slice(-1)).map(([unit, count]) =>
    t(`fixed.list.${unit}`, { count }),
  );
  return t('fixed.list.left', { time: parts.join(t('fixed.list.separator')) });
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

export function FixedTermItem({ term, now }: { term: FixedTerm; now: number }) {
  const { t } = useTranslation(['custody', 'catalogue']);
  const isActive = term.status === 'active';
  const start = Date.parse(term.startedAt);
  const end = Date.parse(term.maturesAt);
  const isDue = isActive && now >= end;
  const percent = Math.round(termProgress(start, end, now) * 100);

  return (
    <li
      className="grid gap-3 rounded-md border bg-card p-4"
      data-testid={`fixed-term-${term.id}`}
      data-status={term.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="grid min-w-0 gap-0.5">
          <h4 className="break-words font-semibold">
            <bdi>{holdingName(t, term)}</bdi>
          </h4>
          <p className="text-sm text-muted-foreground">
            <bdi>{quantityText(t, term)}</bdi>
          </p>
        </div>
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
            isActive ? 'border-accent/50 bg-accent/10' : 'border-success/40 bg-success/10',
          )}
        >
          {isActive ? (
            <Lock aria-hidden className="size-3.5" />
          ) : (
            <CircleCheck aria-hidden className="size-3.5 text-success" />
          )}
          {isActive ? t('fixed.list.active') : t('fixed.list.matured')}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Figure label={t('fixed.list.principal')}>{formatUsd(term.principal)}</Figure>
        <Figure label={t('fixed.list.term')}>
          {termName(t, term.months)} · {formatRate(term.interestRate)}
        </Figure>
        <Figure label={isActive ? t('fixed.list.profit') : t('fixed.list.profitPaid')}>
          <span data-testid="term-item-profit">{formatUsd(term.profit)}</span>
        </Figure>
        <Figure label={t('fixed.list.started')}>{formatTermDate(term.startedAt)}</Figure>
        {isActive ? (
          <Figure label={t('fixed.list.maturesOn')}>
            <span data-testid="term-item-maturity">{formatTermDate(term.maturesAt)}</span>
          </Figure>
        ) : (
          <Figure label={t('fixed.list.maturedOn')}>
            <span data-testid="term-item-matured">
              {formatTermDate(term.maturedAt ?? term.maturesAt)}
            </span>
          </Figure>
        )}
      </dl>
      {isActive ? (
        <div className="grid gap-1.5">
          <div
            role="progressbar"
            aria-label={t('fixed.list.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('fixed.list.progressText', { percent })}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            {/* A style set through the DOM, which the CSP allows (decision 011). */}
            <div
              className="h-full rounded-full bg-accent-strong"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="term-item-countdown">
            {isDue ? t('fixed.list.maturing') : countdownText(t, now, end)}
          </p>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm" data-testid="term-item-paid">
          <CircleCheck aria-hidden className="size-4 shrink-0 text-success" />
          {t('fixed.list.paidNote', { profit: formatUsd(term.profit) })}
        </p>
      )}
    </li>
  );
}
