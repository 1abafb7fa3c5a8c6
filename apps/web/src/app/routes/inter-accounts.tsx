// /inter-accounts (SPEC §2, DESIGN §5): the account overview — account number, cash balance,
// total assets and the KYC status — and the way to withdraw cash to a bank account.
import { Link } from 'react-router';
import { ArrowLeft, Banknote } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import {
  AccountOverviewCard,
  AccountOverviewSkeleton,
} from '@/features/banking/components/account-overview';

export default function InterAccountsRoute() {
  const { t } = useTranslation('banking');
  usePageTitle(t('overview.title'));
  const account = useApiQuery(banking.getAccount);

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('overview.back')}
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('overview.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('overview.description')}</p>
      </div>
      {account.isPending ? (
        <AccountOverviewSkeleton />
      ) : account.isError ? (
        <LoadError
          title={t('overview.loadErrorTitle')}
          onRetry={() => void account.refetch()}
          isRetrying={account.isFetching}
        >
          {t('overview.loadError')}
        </LoadError>
      ) : (
        <AccountOverviewCard account={account.data} />
      )}
      {/* The deposit (card and bank transfer) and asset-to-cash actions come with that work. */}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.withdrawal}>
            <Banknote aria-hidden />
            {t('overview.withdraw')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
