// The figures around an order: the cash a buy draws on, the holding a sell draws on, and what
// the order comes to at the price on its side (SPEC §9), each with its loading and retry states.
import { Coins, Wallet } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { Quote } from '@secure-vault/shared/trading';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { formatMetal, useMetalUnit } from '@/lib/metal-unit';
import { formatAssetQuantity, formatExactUsd, formatUsd } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Holding } from '@secure-vault/shared/trading';
import type { Summary } from '@secure-vault/shared/vault';

import { formatUnitPrice } from '../price-text';

export function CashLine({ summary }: { summary: UseQueryResult<Summary> }) {
  const { t } = useTranslation('trading');
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border bg-muted/40 px-4 py-3 text-sm">
      <Wallet aria-hidden className="size-4 text-accent-strong" />
      <span className="text-muted-foreground">{t('order.cashBalance')}</span>
      {summary.data ? (
        <bdi dir="ltr" className="font-semibold tabular-nums" data-testid="cash-balance">
          {formatUsd(summary.data.cashBalance)}
        </bdi>
      ) : summary.isError ? (
        <LoadError inline onRetry={() => void summary.refetch()} isRetrying={summary.isFetching}>
          {t('order.cashFailed')}
        </LoadError>
      ) : (
        <Spinner className="size-4" label={t('order.loading')} />
      )}
    </div>
  );
}

/**
 * Why a holding that is not active cannot be sold: fixed for a term, held for an open limit order
 * (until it is cancelled), or out for delivery.
 */
function unsellableKey(status: Holding['status']) {
  if (status === 'locked') return 'order.lockedHolding';
  if (status === 'reserved') return 'order.reservedHolding';
  return 'order.inDeliveryHolding';
}

export function HoldingLine({
  asset,
  holding,
}: {
  asset: Asset;
  holding: UseQueryResult<Holding>;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const name = t(`catalogue:${asset.symbol}.name`);
  const data = holding.data;
  // Orders are typed in milligrams; the unit the dashboard shows metals in follows beside them.
  const [metalUnit] = useMetalUnit();
  const inChosenUnit =
    data && asset.kind === 'metal' && metalUnit !== 'mg'
      ? formatMetal(t, data.quantity, metalUnit, currentLanguage())
      : null;
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Coins aria-hidden className="size-4 text-accent-strong" />
        <span className="text-muted-foreground">{t('order.youHold')}</span>
        {data ? (
          <span className="font-semibold" data-testid="holding-quantity">
            <span className="tabular-nums">{formatAssetQuantity(t, asset, data.quantity)}</span>
            {inChosenUnit ? ' ' : null}
            {inChosenUnit ? (
              <span className="font-normal tabular-nums" data-testid="holding-in-unit">
                ({inChosenUnit})
              </span>
            ) : null}
            {dec(data.quantity).greaterThan(0) ? (
              <span className="ms-2 font-normal text-muted-foreground">
                {t('order.worth', { value: formatUsd(data.value) })}
              </span>
            ) : null}
          </span>
        ) : holding.isError ? (
          <LoadError inline onRetry={() => void holding.refetch()} isRetrying={holding.isFetching}>
            {t('order.holdingFailed')}
          </LoadError>
        ) : (
          <Spinner className="size-4" label={t('order.loading')} />
        )}
      </div>
      {data && !dec(data.quantity).greaterThan(0) ? (
        <p className="text-muted-foreground">{t('order.nothingToSell', { name })}</p>
      ) : null}
      {data && dec(data.quantity).greaterThan(0) && data.status !== 'active' ? (
        <p className="text-muted-foreground">{t(unsellableKey(data.status), { name })}</p>
      ) : null}
    </div>
  );
}

export function OrderSummary({
  asset,
  side,
  price,
  quote,
}: {
  asset: Asset;
  side: 'buy' | 'sell';
  /** The price on the order's side: what a buyer pays, what a seller receives. */
  price: string;
  quote: Quote | null;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const rows = [
    {
      label: t('order.quantity'),
      value: quote ? formatAssetQuantity(t, asset, quote.quantity) : '—',
      testId: 'summary-quantity',
    },
    { label: t('order.price'), value: formatUnitPrice(t, asset, price), testId: 'summary-price' },
  ];
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map((row) => (
        <div key={row.testId} className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="text-end tabular-nums" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 border-t pt-2">
        <dt className="font-semibold">
          {side === 'buy' ? t('order.totalCharge') : t('order.totalCredit')}
        </dt>
        <dd
          dir="ltr"
          className={cn(
            'text-end text-lg font-semibold tabular-nums',
            !quote && 'text-muted-foreground',
          )}
          data-testid="summary-total"
        >
          {quote ? formatExactUsd(quote.total) : '—'}
        </dd>
      </div>
    </dl>
  );
}
