// The dashboard without a network: the copy of the vault this device last saw
// (lib/offline/vault-snapshot.ts), read-only and marked with the time it was fetched, so an old
// balance is never taken for the current one. Every action is shown disabled; the live dashboard
// comes back by itself once the answers arrive again (dashboard-view.tsx).
import { WifiOff } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useVaultSnapshot } from '../use-vault-snapshot';
import { AccountInfoCard } from './account-info-card';
import { AllocationCard } from './allocation-card';
import { BalanceCards } from './balance-cards';
import { KycStatus } from './kyc-status';
import { QuickActions } from './quick-actions';
import { ValuablesSection } from './valuables-section';

const noRetry = () => {};

export function OfflineVault({ userId }: { userId: string }) {
  const { t } = useTranslation('vault');
  const snapshot = useVaultSnapshot(userId);
  const time = snapshot
    ? formatDate(new Date(snapshot.savedAt), currentLanguage(), {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
  return (
    <div
      className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:gap-8 sm:py-10"
      data-testid="offline-vault"
    >
      <div className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        {snapshot ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            <KycStatus status={snapshot.kyc.status} isReadOnly />
            {snapshot.profile.accountNumber ? (
              <span>
                {t('accountNumber')}:{' '}
                <bdi dir="ltr" className="font-mono font-medium text-foreground">
                  {snapshot.profile.accountNumber}
                </bdi>
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <Alert tone="warning" role="status" data-testid="offline-notice">
        <WifiOff aria-hidden className="text-accent-strong" />
        <div className="grid gap-1">
          {snapshot === undefined ? (
            <Skeleton className="h-5 w-64" />
          ) : snapshot ? (
            <>
              <p className="font-semibold" data-testid="offline-as-of">
                {t('offline.asOf', { time })}
              </p>
              <p>{t('offline.readOnly')}</p>
            </>
          ) : (
            <p className="font-semibold">{t('offline.nothingSaved')}</p>
          )}
        </div>
      </Alert>
      <QuickActions kycStatus={snapshot?.kyc.status} isOffline swapAction={() => null} />
      {snapshot ? (
        <>
          <div className="grid gap-6 sm:gap-8">
            <BalanceCards summary={snapshot.summary} isError={false} onRetry={noRetry} />
            {snapshot.profile.kycCompleted ? (
              <div className="sm:order-first">
                <AccountInfoCard profile={snapshot.profile} />
              </div>
            ) : null}
          </div>
          <AllocationCard allocation={snapshot.summary.allocation} />
          <ValuablesSection
            valuables={snapshot.valuables}
            isError={false}
            errorUpdatedAt={0}
            onRetry={noRetry}
          />
        </>
      ) : null}
    </div>
  );
}
