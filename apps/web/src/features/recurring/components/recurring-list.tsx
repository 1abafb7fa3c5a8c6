// A list of recurring buys as both screens show it (issue 29): loading, a load error with retry,
// the empty text, or the rows. When a change takes a row off the list, the keyboard focus goes to
// the list's heading.
import { type ReactNode, useRef } from 'react';
import type { RecurringBuy } from '@secure-vault/shared/recurring';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { RecurringBuyRow } from './recurring-buy-row';

export function RecurringList({
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
  /** The plans to list, once read. */
  items: readonly RecurringBuy[] | undefined;
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
        <div className="grid gap-2" data-testid="recurring-loading">
          <p role="status" className="sr-only">
            {t('recurring.loading')}
          </p>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : isError && !items ? (
        <LoadError onRetry={onRetry} isRetrying={isRetrying}>
          {t('recurring.loadFailed')}
        </LoadError>
      ) : !items || items.length === 0 ? (
        <div className="text-sm text-muted-foreground" data-testid="recurring-empty">
          {empty}
        </div>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="recurring-list">
          {items.map((plan) => (
            <RecurringBuyRow
              key={plan.id}
              plan={plan}
              isAssetShown={isAssetShown}
              onGone={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
