// The frame every staff list tab shares (Transfer Management, Delivery Management, KYC,
// Tracking, the audit log). The header: title and description, how many there are once loaded,
// a Refresh that spins while the list reloads, and the tab's own actions after it. The body:
// grey rows while the first page loads, the load error with a retry (above the rows still shown
// from before, if any), the list or its empty text, and Previous / Next when there are pages.
import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { Pager } from './pager';

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
function ListSkeleton({
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

/** What the body needs of the list's query (TanStack Query's result). */
interface ListQuery {
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

export function ListBody({
  list,
  size,
  texts,
  skeleton,
  testId,
  pager,
  renderList,
}: {
  list: ListQuery;
  /** How many rows the loaded page has; undefined while nothing is loaded. */
  size: number | undefined;
  texts: { empty: string; loadErrorTitle: string; loadErrorBody: string };
  skeleton: { rows: number; rowClassName: string };
  /** Prefix of the test ids: `-empty`, `-loading`, `-pager`. */
  testId: string;
  pager?: { page: number; pages: number; onPage: (page: number) => void; label: string };
  /** The rows, drawn only once there are some. */
  renderList: () => ReactNode;
}) {
  let body;
  if (size === 0) {
    body = (
      <p
        className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground"
        data-testid={`${testId}-empty`}
      >
        {texts.empty}
      </p>
    );
  } else if (size !== undefined) {
    body = renderList();
  } else if (!list.isError) {
    body = <ListSkeleton {...skeleton} testId={`${testId}-loading`} />;
  }
  return (
    <>
      {list.isError ? (
        <LoadError
          title={texts.loadErrorTitle}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        >
          {texts.loadErrorBody}
        </LoadError>
      ) : null}
      <div aria-busy={list.isFetching && list.isPlaceholderData}>{body}</div>
      {pager && size !== undefined && pager.pages > 1 ? (
        <Pager {...pager} testId={`${testId}-pager`} />
      ) : null}
    </>
  );
}
