// The header every staff list tab shares (Transfer Management, Delivery Management, Tracking,
// the audit log): its title and description, how many there are once loaded, a Refresh that
// spins while the list reloads, and the tab's own actions after it.
import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export function ListCardHeader({
  title,
  description,
  count,
  refreshLabel,
  isFetching,
  onRefresh,
  testId,
  children,
}: {
  title: string;
  description: string;
  /** "12 entries", or null while nothing is loaded. */
  count: string | null;
  refreshLabel: string;
  isFetching: boolean;
  onRefresh: () => void;
  /** Prefix of the count's test id (`${testId}-total`). */
  testId: string;
  children?: ReactNode;
}) {
  return (
    <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1.5">
        <h3 className="text-lg font-semibold leading-tight">{title}</h3>
        <CardDescription>{description}</CardDescription>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        {count === null ? null : (
          <p className="text-sm font-medium tabular-nums" data-testid={`${testId}-total`}>
            {count}
          </p>
        )}
        <Button
          variant="outline"
          onClick={() => {
            if (!isFetching) onRefresh();
          }}
          aria-busy={isFetching}
        >
          <RotateCw aria-hidden className={cn(isFetching && 'animate-spin')} />
          {refreshLabel}
        </Button>
        {children}
      </div>
    </CardHeader>
  );
}

/** Grey rows standing in for a list while its first page loads. */
export function ListSkeleton({
  rows,
  rowClassName,
  testId,
}: {
  rows: number;
  rowClassName: string;
  testId: string;
}) {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}
