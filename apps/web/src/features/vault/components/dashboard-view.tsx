// /dashboard (SPEC §2): quick actions, KYC state, the book balance, cash and total net worth, the
// account information once KYC is complete (above the balances from the sm breakpoint; a phone
// leads with the balances), the allocation, and the valuables. Four requests
// (profile, KYC, valuables, summary) whatever the size of the vault; live updates refetch them
// (lib/realtime.ts). Each complete set of answers is also kept on this device, and without a
// network the page shows that copy instead, read-only and dated (offline-vault.tsx).
import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { AccountInfoCard } from './account-info-card';
import { AllocationCard } from './allocation-card';
import { BalanceCards } from './balance-cards';
import { KycRejectedNotice, KycStatus } from './kyc-status';
import { OfflineVault } from './offline-vault';
import { QuickActions } from './quick-actions';
import { ValuablesSection } from './valuables-section';
import { useOfflineVault } from '../use-vault-snapshot';

/**
 * What the dashboard page (app/routes/dashboard.tsx) brings from other features: `swapAction`
 * renders trading's Swap Assets tile, `charts` the value over time and the holdings' performance,
 * shown below the allocation while online.
 */
interface DashboardSlots {
  swapAction: (className: string) => ReactNode;
  charts?: ReactNode;
}

/** The dashboard's content. */
export function DashboardView(slots: DashboardSlots) {
  // Offline, the dated copy instead of what may be old answers, until the live ones are back.
  const offlineUserId = useOfflineVault();
  if (offlineUserId) return <OfflineVault userId={offlineUserId} />;
  return <LiveDashboard {...slots} />;
}

function LiveDashboard({ swapAction, charts }: DashboardSlots) {
  const { t } = useTranslation('vault');
  usePageTitle(t('title'));
  const profile = useApiQuery(vault.getProfile);
  const valuables = useApiQuery(vault.getValuables);
  const summary = useApiQuery(vault.getSummary);
  const verification = useApiQuery(kyc.getKyc);
  // The profile's flag is the approval itself; the verification says where the rest stand.
  const kycStatus = profile.data?.kycCompleted ? 'approved' : verification.data?.status;
  const isRefreshing =
    profile.isFetching || valuables.isFetching || summary.isFetching || verification.isFetching;
  const refresh = () => {
    for (const query of [profile, verification, valuables, summary]) void query.refetch();
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:gap-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {profile.data ? (
              <>
                {kycStatus ? (
                  <KycStatus status={kycStatus} />
                ) : verification.isError ? (
                  <LoadError
                    inline
                    onRetry={() => void verification.refetch()}
                    isRetrying={verification.isFetching}
                  >
                    {t('kyc.loadFailed')}
                  </LoadError>
                ) : (
                  <Skeleton className="h-7 w-32 rounded-full" />
                )}
                {profile.data.accountNumber ? (
                  <span>
                    {t('accountNumber')}:{' '}
                    <bdi
                      dir="ltr"
                      className="font-mono font-medium text-foreground"
                      data-testid="account-number"
                    >
                      {profile.data.accountNumber}
                    </bdi>
                  </span>
                ) : null}
              </>
            ) : profile.isError ? (
              <LoadError
                inline
                onRetry={() => void profile.refetch()}
                isRetrying={profile.isFetching}
              >
                {t('profileLoadFailed')}
              </LoadError>
            ) : (
              <Skeleton className="h-7 w-40 rounded-full" />
            )}
          </div>
        </div>
        <Button
          variant="outline"
          className="self-start sm:self-auto"
          // Not disabled while fetching: a disabled button would drop the keyboard focus.
          onClick={() => {
            if (!isRefreshing) refresh();
          }}
          aria-busy={isRefreshing}
        >
          <RotateCw aria-hidden className={cn(isRefreshing && 'animate-spin')} />
          {t('refresh')}
        </Button>
      </div>

      {kycStatus === 'rejected' ? (
        <KycRejectedNotice reason={verification.data?.rejectionReason ?? null} />
      ) : null}

      <QuickActions kycStatus={kycStatus} swapAction={swapAction} />

      {/* A phone reads the balances first, the account's details after; from the sm breakpoint
          the details come back above them, as SPEC §2 lists the cards. */}
      <div className="grid gap-6 sm:gap-8">
        <BalanceCards
          summary={summary.data}
          isError={summary.isError}
          onRetry={() => void summary.refetch()}
        />
        {profile.data?.kycCompleted ? (
          <div className="sm:order-first" data-testid="account-information-slot">
            <AccountInfoCard profile={profile.data} />
          </div>
        ) : null}
      </div>

      {summary.data ? <AllocationCard allocation={summary.data.allocation} /> : null}

      {charts}

      <ValuablesSection
        valuables={valuables.data}
        isError={valuables.isError}
        errorUpdatedAt={valuables.errorUpdatedAt}
        onRetry={() => void valuables.refetch()}
      />
    </div>
  );
}
