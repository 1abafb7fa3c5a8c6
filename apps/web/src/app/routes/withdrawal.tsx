// /withdrawal (SPEC §2, §5, DESIGN §5): the cash balance; the withdrawal form (a verified bank
// account and an amount) once the customer has a bank account; their registered bank accounts,
// with registration (form, then emailed code) and removal; and their withdrawals, cancellable
// while pending. Without approved KYC, a notice sends the customer to /kyc instead.
import { Link } from 'react-router';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { usePageTitle } from '@/lib/use-page-title';
import { BankAccountList } from '@/features/banking/components/bank-account-list';
import { RegisterBankAccount } from '@/features/banking/components/register-bank-account';
import { RequestList } from '@/features/banking/components/request-list';
import { WithdrawalForm } from '@/features/banking/components/withdrawal-form';

// Loaded with the page, so opening a dialog or a list never waits on (and flashes for) a catalog.
const pageNamespaces = ['banking', 'transfers', 'auth', 'catalogue'];

export default function WithdrawalRoute() {
  const { t } = useTranslation(pageNamespaces);
  usePageTitle(t('withdrawal.title'));
  const account = useApiQuery(banking.getAccount);
  const isApproved = account.data?.kycStatus === 'approved';

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
          <Link to={paths.interAccounts}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('withdrawal.back')}
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('withdrawal.title')}</h1>
      </div>
      {account.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : account.isError ? (
        <LoadError
          title={t('overview.loadErrorTitle')}
          onRetry={() => void account.refetch()}
          isRetrying={account.isFetching}
        >
          {t('overview.loadError')}
        </LoadError>
      ) : (
        <>
          <Card>
            <CardContent className="grid gap-1 pt-6">
              <p className="text-sm text-muted-foreground">{t('overview.cashBalance')}</p>
              <p className="text-2xl font-semibold" data-testid="cash-balance">
                {formatUsd(account.data.cashBalance)}
              </p>
            </CardContent>
          </Card>
          {isApproved ? <Withdraw cashBalance={account.data.cashBalance} /> : <KycRequired />}
        </>
      )}
    </div>
  );
}

function KycRequired() {
  const { t } = useTranslation('banking');
  return (
    <Alert tone="warning" data-testid="kyc-required">
      <ShieldAlert aria-hidden />
      <div className="grid gap-2">
        <p className="font-semibold">{t('withdrawal.kycTitle')}</p>
        <p>{t('withdrawal.kycDescription')}</p>
        <Button asChild size="sm" className="justify-self-start">
          <Link to={paths.kyc}>{t('withdrawal.kycLink')}</Link>
        </Button>
      </div>
    </Alert>
  );
}

function Withdraw({ cashBalance }: { cashBalance: string }) {
  const { t } = useTranslation('banking');
  const accounts = useApiQuery(banking.getBankAccounts);
  return (
    <>
      {accounts.data && accounts.data.length > 0 ? (
        <Card>
          <CardContent className="pt-6">
            <WithdrawalForm cashBalance={cashBalance} accounts={accounts.data} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{t('accounts.title')}</CardTitle>
            <CardDescription>{t('accounts.description')}</CardDescription>
          </div>
          <RegisterBankAccount />
        </CardHeader>
        <CardContent>
          {accounts.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : accounts.isError ? (
            <LoadError onRetry={() => void accounts.refetch()} isRetrying={accounts.isFetching}>
              {t('accounts.loadError')}
            </LoadError>
          ) : accounts.data.length === 0 ? (
            <p className="text-muted-foreground" data-testid="no-bank-account">
              {t('accounts.empty')}
            </p>
          ) : (
            <BankAccountList accounts={accounts.data} />
          )}
        </CardContent>
      </Card>
      <RequestList
        type="withdrawal"
        title={t('requests.withdrawalsTitle')}
        emptyText={t('requests.withdrawalsEmpty')}
      />
    </>
  );
}
