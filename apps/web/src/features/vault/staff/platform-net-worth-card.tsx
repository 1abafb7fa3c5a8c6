// Total Platform Net Worth (SPEC §2, §9): every book balance plus every valuable, 2 decimals,
// with Refresh; and beside it the per-user dropdown.
import { useEffect, useRef } from 'react';
import { RotateCw, TrendingUp } from 'lucide-react';
import * as admin from '@secure-vault/shared/admin/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { UserNetWorthMenu } from './user-net-worth-menu';
import { Tooltip } from '@/components/ui/tooltip';

export function PlatformNetWorthCard() {
  const { t } = useTranslation('admin');
  const netWorth = useApiQuery(admin.getPlatformNetWorth);
  const toastedFailure = useRef(0);
  useEffect(() => {
    if (!netWorth.isError || toastedFailure.current === netWorth.errorUpdatedAt) return;
    toastedFailure.current = netWorth.errorUpdatedAt;
    toast.error(t('netWorth.errorTitle'), { description: t('netWorth.errorBody') });
  }, [netWorth.isError, netWorth.errorUpdatedAt, t]);

  return (
    <Card className="grid gap-4 p-5 sm:p-6" data-testid="platform-net-worth">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <TrendingUp aria-hidden className="size-4 text-accent-strong" />
            {t('netWorth.title')}
          </h2>
          {netWorth.data ? (
            <p
              className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl"
              data-testid="platform-net-worth-total"
            >
              {formatUsd(netWorth.data.total)}
            </p>
          ) : netWorth.isError ? (
            <LoadError onRetry={() => void netWorth.refetch()} isRetrying={netWorth.isFetching}>
              {t('netWorth.errorBody')}
            </LoadError>
          ) : (
            <Skeleton className="h-10 w-56" />
          )}
          <p className="text-sm text-muted-foreground">
            {netWorth.data ? (
              <>
                {t('netWorth.bookBalances')}:{' '}
                <span className="tabular-nums">{formatUsd(netWorth.data.bookBalances)}</span>
                <span aria-hidden> · </span>
                {t('netWorth.valuables')}:{' '}
                <span className="tabular-nums">{formatUsd(netWorth.data.valuables)}</span>
                <span aria-hidden> · </span>
                <Tooltip content={t('netWorth.roundingHint')}>
                  <span tabIndex={0} className="underline decoration-dotted underline-offset-4">
                    {t('netWorth.rounding')}:{' '}
                    <span className="tabular-nums" data-testid="platform-rounding">
                      {formatUsd(netWorth.data.rounding, { maximum: 8 })}
                    </span>
                  </span>
                </Tooltip>
              </>
            ) : (
              t('netWorth.description')
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => {
              if (!netWorth.isFetching) void netWorth.refetch();
            }}
            aria-busy={netWorth.isFetching}
          >
            <RotateCw aria-hidden className={cn(netWorth.isFetching && 'animate-spin')} />
            {t('netWorth.refresh')}
          </Button>
          <UserNetWorthMenu />
        </div>
      </div>
    </Card>
  );
}
