// /settings (SPEC §2), one page per section: profile (account details), Delivery Services
// (request and tracking), statements, password and two-factor, signed-in devices, which notices
// are emailed, and staff access; /settings opens the first. A section nav leads them: a list on phones, tabs from the sm
// breakpoint. While staff view a customer's account, password and two-factor are the customer's
// alone (DESIGN §4), and so are asking for and cancelling a delivery.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  ArrowLeft,
  BellRing,
  ChevronRight,
  Eye,
  FileText,
  KeyRound,
  MonitorSmartphone,
  ShieldAlert,
  ShieldCheck,
  Truck,
  UserRound,
} from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import type { Session } from '@secure-vault/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/get-session';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { DeliveryCard } from '@/features/custody/components/delivery-card';
import { PriceAlertsCard } from '@/features/alerts/components/price-alerts-card';
import { RecurringBuysCard } from '@/features/recurring/components/recurring-buys-card';
import { NotificationSettingsCard } from '@/features/notifications/components/notification-settings-card';
import { StatementsCard } from '@/features/statements/components/statements-card';
import { AccountCard } from '@/features/settings/components/account-card';
import { ChangePasswordCard } from '@/features/settings/components/change-password-card';
import { SessionsCard } from '@/features/settings/components/sessions-card';
import { StaffAccessCard } from '@/features/settings/components/staff-access-card';
import { TwoFactorCard } from '@/features/settings/components/two-factor-card';
import { PasskeysCard } from '@/features/settings/components/passkeys-card';

type SectionKey =
  'profile' | 'delivery' | 'statements' | 'security' | 'sessions' | 'notifications' | 'staffAccess';

/** The sections in their order, each at its own address; the first is /settings' own. */
const sections: readonly { key: SectionKey; path: string; icon: ReactNode }[] = [
  { key: 'profile', path: paths.settingsProfile, icon: <UserRound aria-hidden /> },
  { key: 'delivery', path: paths.settingsDelivery, icon: <Truck aria-hidden /> },
  { key: 'statements', path: paths.settingsStatements, icon: <FileText aria-hidden /> },
  { key: 'security', path: paths.settingsSecurity, icon: <KeyRound aria-hidden /> },
  { key: 'sessions', path: paths.settingsSessions, icon: <MonitorSmartphone aria-hidden /> },
  { key: 'notifications', path: paths.settingsNotifications, icon: <BellRing aria-hidden /> },
  { key: 'staffAccess', path: paths.settingsStaffAccess, icon: <ShieldCheck aria-hidden /> },
];

function SectionNav({ current }: { current: SectionKey }) {
  const { t } = useTranslation('settings');
  return (
    <nav aria-label={t('sections.nav')} data-testid="settings-nav">
      <ul className="grid gap-1 rounded-lg border bg-card p-1 sm:flex sm:flex-wrap sm:gap-0 sm:rounded-none sm:border-0 sm:border-b sm:bg-transparent sm:p-0">
        {sections.map(({ key, path, icon }) => {
          const isCurrent = key === current;
          return (
            <li key={key}>
              <Link
                to={path}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&>svg]:size-4 [&>svg]:shrink-0',
                  'sm:-mb-px sm:gap-2 sm:rounded-none sm:border-b-2 sm:border-transparent sm:hover:bg-transparent sm:hover:text-foreground',
                  isCurrent
                    ? 'bg-muted text-foreground sm:border-accent-strong sm:bg-transparent'
                    : 'text-muted-foreground',
                )}
              >
                {icon}
                <span className="flex-1">{t(`sections.${key}`)}</span>
                <ChevronRight
                  aria-hidden
                  className="text-muted-foreground sm:hidden rtl:rotate-180"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SectionBody({
  section,
  session,
  isImpersonation,
}: {
  section: SectionKey;
  session: Session;
  isImpersonation: boolean;
}) {
  const { t } = useTranslation('settings');
  switch (section) {
    case 'profile':
      return <AccountCard session={session} />;
    case 'delivery':
      return <DeliveryCard isImpersonation={isImpersonation} />;
    case 'statements':
      return <StatementsCard />;
    case 'security':
      return (
        <>
          {isImpersonation ? null : (
            <>
              <ChangePasswordCard />
              <PasskeysCard />
              <TwoFactorCard isOn={session.hasTwoFactor} />
            </>
          )}
          <Alert tone="info">
            <ShieldAlert aria-hidden className="text-accent-strong" />
            <div className="grid gap-1">
              <h2 className="font-semibold">{t('notice.title')}</h2>
              <p>{t('notice.body')}</p>
            </div>
          </Alert>
        </>
      );
    case 'sessions':
      return <SessionsCard canManage={!isImpersonation} />;
    case 'notifications':
      return (
        <>
          <NotificationSettingsCard />
          <PriceAlertsCard />
          <RecurringBuysCard />
        </>
      );
    case 'staffAccess':
      return <StaffAccessCard />;
  }
}

export default function SettingsRoute() {
  const { t } = useTranslation(['settings', 'auth']);
  usePageTitle(t('title'));
  const { section: sectionParam } = useParams();
  const { data: session } = useSession();
  if (!session) return null;
  const isImpersonation = session.impersonatedBy !== null;
  // /settings is the first section; an address the app does not know shows the first too (the
  // server already answers unknown addresses 404).
  const section =
    sections.find(({ path }) => path === `${paths.settings}/${sectionParam ?? ''}`)?.key ??
    'profile';

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
      <SectionNav current={section} />
      {isImpersonation ? (
        <Alert tone="warning" data-testid="impersonation-settings-notice">
          <Eye aria-hidden />
          <div className="grid gap-1">
            <h2 className="font-semibold">{t('impersonation.title')}</h2>
            <p>{t('impersonation.description')}</p>
          </div>
        </Alert>
      ) : null}
      <SectionBody section={section} session={session} isImpersonation={isImpersonation} />
    </div>
  );
}
