// The dashboard's holdings performance: the table of each listed holding's cost, value and gains
// with their totals, the gains realised in each year, or what stands in while it loads, when it
// could not be read, and for a vault that has never held a metal or a cryptocurrency.
import { Link } from 'react-router';
import { TrendingUp } from 'lucide-react';
import type { Performance } from '@secure-vault/shared/performance';
import { paths } from '@secure-vault/shared/paths';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { usePerformance } from '../api/get-performance';
import { directionOf } from '../chart-format';
import { Gain } from './gain';
import { PerformanceTable } from './performance-table';

export function PerformanceCard() {
  const { t } = useTranslation('charts');
  const query = usePerformance();
  return (
    <Card data-testid="performance" className="min-w-0">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <TrendingUp aria-hidden className="size-5 text-accent-strong" />
          {t('performance.title')}
        </h2>
        <CardDescription>{t('performance.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {query.data ? (
          <PerformanceBody performance={query.data} />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching}>
            {t('performance.loadFailed')}
          </LoadError>
        ) : (
          <div role="status">
            <span className="sr-only">{t('loading')}</span>
            <Skeleton className="h-40" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function PerformanceBody({ performance }: { performance: Performance }) {
  const { t } = useTranslation('charts');
  if (performance.holdings.length === 0) {
    return (
      <div
        className="grid justify-items-center gap-3 rounded-md border border-dashed p-6 text-center"
        data-testid="performance-empty"
      >
        <p className="font-medium">{t('performance.emptyTitle')}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('performance.emptyBody')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link
            to={paths.preciousMetals}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {t('performance.browseMetals')}
          </Link>
          <Link to={paths.crypto} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('performance.browseCrypto')}
          </Link>
        </div>
      </div>
    );
  }
  const { realised } = performance.totals;
  return (
    <>
      <PerformanceTable performance={performance} />
      <section aria-labelledby="realised-by-year" className="grid gap-2">
        <h3 id="realised-by-year" className="text-sm font-semibold">
          {t('performance.realisedByYear')}
        </h3>
        {realised.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('performance.nothingRealised')}</p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="realised-by-year">
            {realised.map((entry) => (
              <li key={entry.year} className="inline-flex items-center gap-2">
                <span className="tabular-nums text-muted-foreground">{entry.year}</span>
                <Gain
                  direction={directionOf(entry.amount)}
                  text={formatUsd(entry.amount, { sign: 'exceptZero' })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
