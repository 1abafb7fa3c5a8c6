// An asset's recent prices in the "Propose a price" dialog (decision 028): the book's history
// over the last week, shown as the prices it changed to and when, newest first, so a staff member
// proposing a price sees where it has been. Read only once opened.
import { useState } from 'react';
import type { PriceHistory } from '@secure-vault/shared/prices';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useWeekOfPrices } from './api/get-price-history';
import { formatBookPrice } from './price-text';

/** At most this many changes are listed: the dialog is no place for a long table. */
const shownChanges = 10;

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

type Point = PriceHistory['points'][number];

/**
 * The points where the price changed: a step with no change carries the price before it
 * forward (the contract), so only the first of each run is kept. Newest first.
 */
function priceChanges(points: readonly Point[]): Point[] {
  const changes = points.filter(
    (point, index) =>
      index === 0 || point.buy !== points[index - 1]?.buy || point.sell !== points[index - 1]?.sell,
  );
  return changes.reverse().slice(0, shownChanges);
}

function ChangesList({ symbol }: { symbol: string }) {
  const { t } = useTranslation('admin');
  const history = useWeekOfPrices(symbol, { isEnabled: true });
  if (!history.data) {
    return history.isError ? (
      <LoadError onRetry={() => void history.refetch()} isRetrying={history.isFetching}>
        {t('prices.history.loadError')}
      </LoadError>
    ) : (
      <Skeleton className="h-20 w-full" data-testid="recent-prices-loading" />
    );
  }
  const changes = priceChanges(history.data.points);
  if (changes.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('prices.history.empty')}</p>;
  }
  // A list rather than a table: two prices of up to 8 decimals and a time do not fit a phone's
  // width side by side.
  return (
    <ol className="grid divide-y rounded-md border" aria-label={t('prices.history.title')}>
      {changes.map((point) => (
        <li key={point.at} className="grid gap-0.5 px-3 py-2" data-testid="recent-price">
          <span className="text-xs text-muted-foreground">
            {t('prices.history.at')}{' '}
            <time dateTime={point.at}>{formatDate(point.at, undefined, dateTime)}</time>
          </span>
          <span className="flex flex-wrap gap-x-4 gap-y-0.5 tabular-nums">
            <span data-testid="recent-buy">
              <span className="text-muted-foreground">{t('prices.columns.buy')}</span>{' '}
              {formatBookPrice(point.buy)}
            </span>
            <span data-testid="recent-sell">
              <span className="text-muted-foreground">{t('prices.columns.sell')}</span>{' '}
              {formatBookPrice(point.sell)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export function RecentPrices({ symbol }: { symbol: string }) {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details
      className="rounded-md border p-3 text-sm"
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      data-testid="recent-prices"
    >
      <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        {t('prices.history.title')}
      </summary>
      {isOpen ? (
        <div className="mt-3">
          <ChangesList symbol={symbol} />
        </div>
      ) : null}
    </details>
  );
}
