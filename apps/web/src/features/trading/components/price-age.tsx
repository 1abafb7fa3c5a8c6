// How fresh the prices on screen are: "Updated 12 seconds ago", moving on each second, and the
// book's own state while it loads or when it could not be read (the listed prices stand in).
import type { UseQueryResult } from '@tanstack/react-query';
import type { PriceBook } from '@secure-vault/shared/prices';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatTimeAgo } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

/** "Updated 12 seconds ago" for a price in effect since `since` (ms); nothing when not known. */
export function PriceAge({ since, className }: { since: number | null; className?: string }) {
  // A new reading starts its own clock, so the age it shows is never a tick behind the reading.
  return since === null ? null : <AgeText key={since} since={since} className={className} />;
}

function AgeText({ since, className }: { since: number; className?: string | undefined }) {
  const { t } = useTranslation('trading');
  const now = useNow();
  return (
    <span className={cn('text-muted-foreground', className)} data-testid="price-age">
      {t('prices.updated', { age: formatTimeAgo((now - since) / 1000) })}
    </span>
  );
}

/**
 * The book's loading and error states; nothing once it has been read and stays fresh. A list
 * that shows its listed prices meanwhile may leave the loading state out (`isQuietWhileLoading`).
 */
export function PriceBookStatus({
  query,
  isQuietWhileLoading = false,
  className,
}: {
  query: UseQueryResult<PriceBook>;
  isQuietWhileLoading?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('trading');
  if (query.isPending) {
    if (isQuietWhileLoading) return null;
    return (
      <Spinner className={cn('text-muted-foreground', className)} label={t('prices.loading')} />
    );
  }
  if (!query.isError) return null;
  return (
    <LoadError
      inline
      className={cn(className)}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    >
      {query.data ? t('prices.refreshFailed') : t('prices.loadFailed')}
    </LoadError>
  );
}
