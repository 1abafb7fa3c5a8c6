// A list of price alerts as both screens show it (issue 29): loading, a load error with retry,
// the empty text, or the rows. Once a row is removed the keyboard focus goes to the list's
// heading, as the removed row's button is gone.
import { type ReactNode, useRef } from 'react';
import type { PriceAlert } from '@secure-vault/shared/alerts';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { PriceAlertRow } from './price-alert-row';

export function AlertList({
  headingId,
  heading,
  items,
  isPending,
  isError,
  isRetrying,
  onRetry,
  empty,
  isAssetShown = false,
}: {
  headingId: string;
  heading: string;
  /** The alerts to list, once read. */
  items: readonly PriceAlert[] | undefined;
  isPending: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  empty: ReactNode;
  isAssetShown?: boolean;
}) {
  const { t } = useTranslation('trading');
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby={headingId} aria-busy={isRetrying} className="grid gap-3">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {heading}
      </h3>
      {isPending ? (
        <div className="grid gap-2" data-testid="price-alerts-loading">
          <p role="status" className="sr-only">
            {t('alerts.loading')}
          </p>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : isError && !items ? (
        <LoadError onRetry={onRetry} isRetrying={isRetrying}>
          {t('alerts.loadFailed')}
        </LoadError>
      ) : !items || items.length === 0 ? (
        <div className="text-sm text-muted-foreground" data-testid="price-alerts-empty">
          {empty}
        </div>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="price-alert-list">
          {items.map((alert) => (
            <PriceAlertRow
              key={alert.id}
              alert={alert}
              isAssetShown={isAssetShown}
              onRemoved={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
