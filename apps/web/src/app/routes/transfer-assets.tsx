// /transfer-assets (SPEC §2, §5 "Transfer asset", §8; DESIGN §5): send a valuable, or part of cash
// or of a traded position, to another customer by their account number. Without approved KYC,
// a notice sends the customer to /kyc instead.
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { TransferFlow } from '@/features/banking/components/transfer-flow';
import { TransferKycRequired } from '@/features/banking/components/transfer-kyc-required';

export default function TransferAssetsRoute() {
  const { t } = useTranslation('transfers');
  usePageTitle(t('page.title'));
  const account = useApiQuery(banking.getAccount);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('page.back')}
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.description')}</p>
      </div>
      {account.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : account.isError ? (
        <LoadError
          title={t('page.loadErrorTitle')}
          onRetry={() => void account.refetch()}
          isRetrying={account.isFetching}
        >
          {t('page.loadAccountError')}
        </LoadError>
      ) : account.data.kycStatus === 'approved' ? (
        <TransferFlow ownAccountNumber={account.data.accountNumber} />
      ) : (
        <TransferKycRequired />
      )}
    </div>
  );
}
