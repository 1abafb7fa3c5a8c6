// A list under its own heading, as the price alerts and the recurring buys show theirs: loading, a
// load error with retry, the empty text, or the rows. A row that leaves the list (removed,
// cancelled) hands the keyboard focus to the heading, as the row's own button is gone.
import { Fragment, type ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';

export interface HeadedListState<T> {
  headingId: string;
  heading: string;
  /** The items to list, once read. */
  items: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  empty: ReactNode;
}

export function HeadedList<T extends { id: string }>({
  headingId,
  heading,
  items,
  isPending,
  isError,
  isRetrying,
  onRetry,
  empty,
  loadingText,
  loadFailedText,
  testIds,
  rowHeight,
  renderRow,
}: HeadedListState<T> & {
  loadingText: string;
  loadFailedText: string;
  testIds: { list: string; loading: string; empty: string };
  /** The loading rows' height class ("h-14"). */
  rowHeight: string;
  renderRow: (item: T, focusHeading: () => void) => ReactNode;
}) {
  const focusHeading = () => document.getElementById(headingId)?.focus();
  return (
    <section aria-labelledby={headingId} aria-busy={isRetrying} className="grid gap-3">
      <h3 id={headingId} tabIndex={-1} className="font-semibold outline-none">
        {heading}
      </h3>
      {isPending ? (
        <div className="grid gap-2" data-testid={testIds.loading}>
          <p role="status" className="sr-only">
            {loadingText}
          </p>
          <Skeleton className={`${rowHeight} w-full`} />
          <Skeleton className={`${rowHeight} w-full`} />
        </div>
      ) : isError && !items ? (
        <LoadError onRetry={onRetry} isRetrying={isRetrying}>
          {loadFailedText}
        </LoadError>
      ) : !items || items.length === 0 ? (
        <div className="text-sm text-muted-foreground" data-testid={testIds.empty}>
          {empty}
        </div>
      ) : (
        <ul className="divide-y rounded-md border" data-testid={testIds.list}>
          {items.map((item) => (
            <Fragment key={item.id}>{renderRow(item, focusHeading)}</Fragment>
          ))}
        </ul>
      )}
    </section>
  );
}
