// /admin (SPEC §2): staff only (the route sits behind the admin guard, and the server checks
// again). The platform's net worth with the per-user dropdown, then twelve tabs: Approvals first
// and opened by default (DESIGN §4 "Dual control": every change of value waits there for a second
// staff member), then SPEC's eight, an Audit Log, a Ledger Check and Mail (what has not been
// delivered). The tab is kept in the
// address (?tab=) so a reload stays on it.
import type { ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import {
  ArrowLeft,
  BookOpen,
  Gem,
  IdCard,
  LockKeyhole,
  Mail,
  Navigation,
  Repeat,
  Scale,
  ScrollText,
  ShieldCheck,
  Truck,
  Users,
} from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ApprovalsBadge } from '@/features/approvals/staff/approvals-badge';
import { ApprovalsTab } from '@/features/approvals/staff/approvals-tab';
import { AuditTab } from '@/features/audit/staff/audit-tab';
import { BookBalanceTab } from '@/features/vault/staff/book-balance-tab';
import { DeliveryTab } from '@/features/custody/staff/delivery-tab';
import { KycTab } from '@/features/kyc/staff/kyc-tab';
import { LedgerCheckTab } from '@/features/ledger-check/staff/ledger-check-tab';
import { MailQueueTab } from '@/features/mail-queue/staff/mail-queue-tab';
import { PasswordResetTab } from '@/features/accounts/staff/password-reset-tab';
import { PlatformNetWorthCard } from '@/features/vault/staff/platform-net-worth-card';
import { TrackingTab } from '@/features/custody/staff/tracking-tab';
import { TransfersTab } from '@/features/banking/staff/transfers-tab';
import { UsersTab } from '@/features/accounts/staff/users-tab';
import { ValuablesTab } from '@/features/vault/staff/valuables-tab';

type Icon = ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;

const tabs = [
  { value: 'approvals', icon: ShieldCheck },
  { value: 'users', icon: Users },
  { value: 'valuables', icon: Gem },
  { value: 'transfers', icon: Repeat },
  { value: 'bookBalance', icon: BookOpen },
  { value: 'passwordReset', icon: LockKeyhole },
  { value: 'delivery', icon: Truck },
  { value: 'kyc', icon: IdCard },
  { value: 'tracking', icon: Navigation },
  { value: 'audit', icon: ScrollText },
  { value: 'ledger', icon: Scale },
  { value: 'mail', icon: Mail },
] as const satisfies readonly { value: string; icon: Icon }[];

type TabValue = (typeof tabs)[number]['value'];
const defaultTab: TabValue = 'approvals';

function isTab(value: string | null): value is TabValue {
  return tabs.some((tab) => tab.value === value);
}

export default function AdminRoute() {
  // `kyc`: KYC Management shows the wizard's own labels for the customer's answers.
  // `catalogue`, `transfers`, `auth`: Transfer Management names listed assets, and its decisions
  // show the shared schemas' messages and the texts of known error codes; `custody`: the
  // tracking forms' messages. Loaded with the page, so opening a tab or a decision does not wait
  // for them.
  const { t } = useTranslation([
    'admin',
    'vault',
    'kyc',
    'catalogue',
    'transfers',
    'auth',
    'custody',
  ]);
  usePageTitle(t('title'));
  // useLocation and useNavigate rather than useSearchParams, which would add its code to the
  // first page load of every visitor (decision 002).
  const { search } = useLocation();
  const navigate = useNavigate();
  const requested = new URLSearchParams(search).get('tab');
  const tab = isTab(requested) ? requested : defaultTab;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('backToDashboard')}
          </Link>
        </Button>
      </div>

      <PlatformNetWorthCard />

      <Tabs
        className="min-w-0"
        value={tab}
        onValueChange={(value) =>
          void navigate({ search: value === defaultTab ? '' : `?tab=${value}` }, { replace: true })
        }
      >
        <TabsPrimitive.List
          aria-label={t('tabs.label')}
          className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-muted-foreground sm:grid-cols-4"
        >
          {tabs.map(({ value, icon: TabIcon }) => (
            <TabsPrimitive.Trigger
              key={value}
              value={value}
              className="flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-md px-2 py-1.5 text-center text-sm font-medium leading-tight transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              <TabIcon aria-hidden className="hidden size-4 shrink-0 sm:block" />
              {t(`tabs.${value}`)}
              {value === 'approvals' ? <ApprovalsBadge /> : null}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        <TabsContent value="approvals">
          <ApprovalsTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="valuables">
          <ValuablesTab />
        </TabsContent>
        <TabsContent value="transfers">
          <TransfersTab />
        </TabsContent>
        <TabsContent value="bookBalance">
          <BookBalanceTab />
        </TabsContent>
        <TabsContent value="passwordReset">
          <PasswordResetTab />
        </TabsContent>
        <TabsContent value="delivery">
          <DeliveryTab />
        </TabsContent>
        <TabsContent value="kyc">
          <KycTab />
        </TabsContent>
        <TabsContent value="tracking">
          <TrackingTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="ledger">
          <LedgerCheckTab />
        </TabsContent>
        <TabsContent value="mail">
          <MailQueueTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
