// /settings (SPEC §2): account details, Delivery Services (request and tracking), password,
// two-factor and signed-in devices. While staff view a customer's account, password and
// two-factor are the customer's alone (DESIGN §4), and so are asking for and cancelling a delivery.
import { Link } from 'react-router';
import { ArrowLeft, Eye, ShieldAlert } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/get-session';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { DeliveryCard } from '@/features/custody/components/delivery-card';
import { StatementsCard } from '@/features/statements/components/statements-card';
import { AccountCard } from '@/features/settings/components/account-card';
import { ChangePasswordCard } from '@/features/settings/components/change-password-card';
import { SessionsCard } from '@/features/settings/components/sessions-card';
import { StaffAccessCard } from '@/features/settings/components/staff-access-card';
import { TwoFactorCard } from '@/features/settings/components/two-factor-card';

export default function SettingsRoute() {
  const { t } = useTranslation(['settings', 'auth']);
  usePageTitle(t('title'));
  const { data: session } = useSession();
  if (!session) return null;
  const isImpersonation = session.impersonatedBy !== null;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('backToDashboard')}
          </Link>
        </Button>
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('subtitle')}</p>
      </div>
      <AccountCard session={session} />
      <DeliveryCard isImpersonation={isImpersonation} />
      <StatementsCard />
      {isImpersonation ? (
        <Alert tone="warning" data-testid="impersonation-settings-notice">
          <Eye aria-hidden />
          <div className="grid gap-1">
            <h2 className="font-semibold">{t('impersonation.title')}</h2>
            <p>{t('impersonation.description')}</p>
          </div>
        </Alert>
      ) : (
        <>
          <ChangePasswordCard />
          <TwoFactorCard isOn={session.hasTwoFactor} />
        </>
      )}
      <SessionsCard canManage={!isImpersonation} />
      <StaffAccessCard />
      <Alert tone="info">
        <ShieldAlert aria-hidden className="text-accent-strong" />
        <div className="grid gap-1">
          <h2 className="font-semibold">{t('notice.title')}</h2>
          <p>{t('notice.body')}</p>
        </div>
      </Alert>
    </div>
  );
}
