// /withdrawal (SPEC §2, §5, DESIGN §5), its bank part: the cash balance and the customer's
// registered bank accounts, with registration (form, then emailed code) and removal. Without
// approved KYC, a notice sends the customer to /kyc instead.
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

export default function WithdrawalRoute() {
  const { t } = useTranslation('banking');
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
          {isApproved ? <BankAccounts /> : <KycRequired />}
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

function BankAccounts() {
  const { t } = useTranslation('banking');
  const accounts = useApiQuery(banking.getBankAccounts);
  return (
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
          <p className="text-muted-foreground">{t('accounts.empty')}</p>
        ) : (
          <BankAccountList accounts={accounts.data} />
        )}
        {/* The withdrawal form (account picker and amount) comes with the withdrawal work. */}
      </CardContent>
    </Card>
  );
}
