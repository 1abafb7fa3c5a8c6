// Individual User Net Worth (SPEC §2): a dropdown that loads on first open, with Refresh Data;
// ranked entries with email, total, book balance and valuables, and a note that customers see
// their net worth without the book balance. About 20rem wide, at most 24rem tall, its list
// scrolling.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, RotateCw, Users } from 'lucide-react';
import * as admin from '@secure-vault/shared/admin/contracts';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { apiQueryOptions } from '@/lib/api-query';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { Tooltip } from '@/components/ui/tooltip';

export function UserNetWorthMenu() {
  const { t } = useTranslation('admin');
  const [hasOpened, setOpened] = useState(false);
  // Loads on first open only (SPEC §2: the dropdown loads when first opened).
  const netWorths = useQuery({ ...apiQueryOptions(admin.getUserNetWorths), enabled: hasOpened });
  const toastedFailure = useRef(0);
  useEffect(() => {
    if (!netWorths.isError || toastedFailure.current === netWorths.errorUpdatedAt) return;
    toastedFailure.current = netWorths.errorUpdatedAt;
    toast.error(t('userNetWorth.errorTitle'), { description: t('userNetWorth.errorBody') });
  }, [netWorths.isError, netWorths.errorUpdatedAt, t]);

  let body;
  if (netWorths.data) {
    body =
      netWorths.data.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">{t('userNetWorth.empty')}</p>
      ) : (
        <ol className="divide-y" data-testid="user-net-worth-list">
          {netWorths.data.map((entry) => (
            <li key={entry.userId} className="flex gap-3 px-4 py-3 text-sm">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums">
                <span className="sr-only">{t('userNetWorth.rank', { rank: entry.rank })}</span>
                <span aria-hidden>{entry.rank}</span>
              </span>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <Tooltip content={<bdi dir="ltr">{entry.email}</bdi>}>
                  <span className="truncate font-medium">
                    <bdi dir="ltr">{entry.email}</bdi>
                  </span>
                </Tooltip>
                <span className="font-semibold tabular-nums">
                  <span className="sr-only">{t('userNetWorth.total')}: </span>
                  {formatUsd(entry.totalNetWorth)}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t('userNetWorth.bookBalance')}: {formatUsd(entry.bookBalance)}
                  <br />
                  {t('userNetWorth.valuables')}: {formatUsd(entry.valuableValue)}
                </span>
              </div>
            </li>
          ))}
        </ol>
      );
  } else if (netWorths.isError) {
    body = (
      <LoadError
        className="m-4"
        onRetry={() => void netWorths.refetch()}
        isRetrying={netWorths.isFetching}
      >
        {t('userNetWorth.errorTitle')}
      </LoadError>
    );
  } else {
    body = (
      <div className="grid gap-3 p-4" aria-busy="true">
        <span className="sr-only">{t('userNetWorth.loading')}</span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }

  return (
    <Popover onOpenChange={(isOpen) => isOpen && setOpened(true)}>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <Users aria-hidden />
          {t('userNetWorth.trigger')}
          <ChevronDown aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label={t('userNetWorth.title')}
        className="flex max-h-[min(24rem,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-2rem)] flex-col"
        data-testid="user-net-worth"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-2 border-b px-4 py-2">
          <h3 className="text-sm font-semibold">{t('userNetWorth.title')}</h3>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (!netWorths.isFetching) void netWorths.refetch();
            }}
            aria-busy={netWorths.isFetching}
          >
            <RotateCw aria-hidden className={cn(netWorths.isFetching && 'animate-spin')} />
            {t('userNetWorth.refresh')}
          </Button>
          {/* The customer's own net worth leaves the book balance out (SPEC §9). */}
          <p className="basis-full pb-1 text-xs text-muted-foreground" data-testid="net-worth-note">
            {t('userNetWorth.note')}
          </p>
        </div>
        <div
          className="relative min-h-0 flex-1 overflow-y-auto"
          tabIndex={0}
          role="region"
          aria-label={t('userNetWorth.title')}
        >
          {body}
        </div>
      </PopoverContent>
    </Popover>
  );
}
