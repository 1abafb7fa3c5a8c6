// Settings' delivery request view (SPEC §2 "delivery request form"; DESIGN §5 Delivery): needs
// approved identity verification, so until then it shows the way to /kyc; staff viewing the
// account cannot ask on the customer's behalf. Otherwise the customer's valuables, by name, and
// the form; a success leads on to the tracking view.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Eye, PackageOpen, ShieldAlert } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { Delivery } from '@secure-vault/shared/custody';
import { paths } from '@secure-vault/shared/paths';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { deliveryItems, hasDeliverable } from '../delivery-items';
import { DeliveryForm } from './delivery-form';

function Loading({ label }: { label: string }) {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
      <Skeleton className="mt-3 h-10 w-full" />
    </div>
  );
}

function KycRequired({ isUnderReview }: { isUnderReview: boolean }) {
  const { t } = useTranslation('custody');
  return (
    <Alert tone="warning" data-testid="delivery-kyc-required">
      <ShieldAlert aria-hidden />
      <div className="grid gap-2">
        <p className="font-semibold">{t('delivery.request.kycTitle')}</p>
        <p>
          {isUnderReview ? t('delivery.request.kycUnderReview') : t('delivery.request.kycBody')}
        </p>
        {isUnderReview ? null : (
          <Button asChild size="sm" className="justify-self-start">
            <Link to={paths.kyc}>{t('delivery.request.kycLink')}</Link>
          </Button>
        )}
      </div>
    </Alert>
  );
}

export function DeliveryRequest({
  isImpersonation,
  onSubmitted,
}: {
  isImpersonation: boolean;
  onSubmitted: (delivery: Delivery) => void;
}) {
  const { t } = useTranslation('custody');
  const account = useApiQuery(banking.getAccount);
  const isApproved = account.data?.kycStatus === 'approved';
  const valuables = useApiQuery(vault.getValuables, { query: { orderBy: 'itemName' } });
  const profile = useApiQuery(vault.getProfile);
  const items = useMemo(() => deliveryItems(valuables.data ?? []), [valuables.data]);

  if (isImpersonation) {
    return (
      <Alert tone="warning" data-testid="delivery-impersonation">
        <Eye aria-hidden />
        <p>{t('delivery.request.impersonation')}</p>
      </Alert>
    );
  }
  if (account.isPending) return <Loading label={t('delivery.request.loading')} />;
  if (account.isError) {
    return (
      <LoadError onRetry={() => void account.refetch()} isRetrying={account.isFetching}>
        {t('delivery.request.accountLoadError')}
      </LoadError>
    );
  }
  if (!isApproved) return <KycRequired isUnderReview={account.data.kycStatus === 'submitted'} />;
  if (valuables.isPending) return <Loading label={t('delivery.request.loading')} />;
  if (valuables.isError) {
    return (
      <LoadError
        title={t('delivery.request.loadErrorTitle')}
        onRetry={() => void valuables.refetch()}
        isRetrying={valuables.isFetching}
      >
        {t('delivery.request.loadError')}
      </LoadError>
    );
  }

  if (!hasDeliverable(items)) {
    return (
      <div
        className="grid justify-items-center gap-3 rounded-md border border-dashed p-6 text-center"
        data-testid="delivery-nothing"
      >
        <PackageOpen aria-hidden className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold">{t('delivery.request.emptyTitle')}</h3>
        <p className="max-w-md text-sm text-muted-foreground">{t('delivery.request.emptyBody')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">{t('delivery.request.intro')}</p>
      <DeliveryForm items={items} profile={profile.data} onSubmitted={onSubmitted} />
    </div>
  );
}
