// /inter-accounts (SPEC §2, DESIGN §5): the account overview — account number, cash balance,
// total assets and the KYC status —, the ways money comes in (card, bank transfer, converting
// assets), the way out to a bank account, and the customer's requests as staff decide them.
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
import { AssetToCashDialog } from '@/features/banking/components/asset-to-cash-dialog';
import { BankDepositDialog } from '@/features/banking/components/bank-deposit-dialog';
import { CardDepositDialog } from '@/features/banking/components/card-deposit-dialog';
import { RequestList } from '@/features/banking/components/request-list';

// Loaded with the page, so opening a dialog or a list never waits on (and flashes for) a catalog.
const pageNamespaces = ['banking', 'transfers', 'auth', 'catalogue'];

export default function InterAccountsRoute() {
  const { t } = useTranslation(pageNamespaces);
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
      <section aria-labelledby="money-actions" className="grid gap-3">
        <h2 id="money-actions" className="sr-only">
          {t('actions.title')}
        </h2>
        <div className="grid gap-3 sm:flex sm:flex-wrap">
          <CardDepositDialog />
          <BankDepositDialog />
          {account.data ? <AssetToCashDialog totalAssets={account.data.convertibleAssets} /> : null}
          <Button asChild variant="outline">
            <Link to={paths.withdrawal}>
              <Banknote aria-hidden />
              {t('overview.withdraw')}
            </Link>
          </Button>
        </div>
      </section>
      <RequestList
        title={t('requests.title')}
        description={t('requests.description')}
        emptyText={t('requests.empty')}
      />
    </div>
  );
}
