// The top of /inter-accounts (SPEC §2): the account number, the cash balance, the value of
// everything else in the vault, and where the customer's identity verification stands.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Info } from 'lucide-react';
import type { AccountOverview } from '@secure-vault/shared/banking';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold sm:text-2xl">{children}</dd>
    </div>
  );
}

export function AccountOverviewCard({ account }: { account: AccountOverview }) {
  const { t } = useTranslation('banking');
  return (
    <Card>
      <CardContent className="grid gap-6 pt-6">
        <dl className="grid gap-6 sm:grid-cols-3">
          <Figure label={t('overview.accountNumber')}>
            <bdi dir="ltr" className="font-mono tracking-wider" data-testid="account-number">
              {account.accountNumber}
            </bdi>
          </Figure>
          <Figure label={t('overview.cashBalance')}>
            <span data-testid="cash-balance">{formatUsd(account.cashBalance)}</span>
          </Figure>
          <Figure label={t('overview.totalAssets')}>
            <span data-testid="total-assets">{formatUsd(account.totalAssets)}</span>
          </Figure>
        </dl>
        <KycNote status={account.kycStatus} />
      </CardContent>
    </Card>
  );
}

export function KycNote({ status }: { status: AccountOverview['kycStatus'] }) {
  const { t } = useTranslation('banking');
  if (status === 'approved') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <BadgeCheck aria-hidden className="size-4 text-primary" />
        {t('kyc.approved')}
      </p>
    );
  }
  return (
    <Alert tone="warning">
      <Info aria-hidden />
      <p>
        {t(`kyc.${status}`)}{' '}
        <Link to={paths.kyc} className="font-medium underline underline-offset-4">
          {t('kyc.link')}
        </Link>
      </p>
    </Alert>
  );
}

export function AccountOverviewSkeleton() {
  const { t } = useTranslation('banking');
  return (
    <Card aria-busy="true" aria-label={t('overview.loading')}>
      <CardContent className="grid gap-6 pt-6 sm:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-40" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
