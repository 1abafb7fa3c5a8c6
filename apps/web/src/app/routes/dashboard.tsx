// /dashboard: the vault's dashboard, with trading's Swap Assets dialog on its quick-action tile
// (loaded only when the dashboard is shown), and the charts' value over time and performance.
import { lazy, Suspense } from 'react';
import { Repeat } from 'lucide-react';
import { PerformanceCard } from '@/features/charts/components/performance-card';
import { PortfolioChart } from '@/features/charts/components/portfolio-chart';
import { DashboardView } from '@/features/vault/components/dashboard-view';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const SwapDialogTrigger = lazy(() =>
  import('@/features/trading/components/swap/swap-dialog').then((module) => ({
    default: module.SwapDialogTrigger,
  })),
);

function SwapTile({ className }: { className: string }) {
  const { t } = useTranslation('vault');
  return (
    <Suspense
      fallback={
        <span aria-hidden className={cn(className, 'text-muted-foreground')}>
          <Repeat aria-hidden />
          {t('actions.swap')}
        </span>
      }
    >
      <SwapDialogTrigger className={className} />
    </Suspense>
  );
}

export default function DashboardPage() {
  return (
    <DashboardView
      swapAction={(className) => <SwapTile className={className} />}
      charts={
        <>
          <PortfolioChart />
          <PerformanceCard />
        </>
      }
    />
  );
}
