// /admin (SPEC §2): staff only (the route sits behind the admin guard, and the server checks
// again). The platform's net worth with the per-user dropdown, then thirteen tabs: Approvals first
// and opened by default (DESIGN §4 "Dual control": every change of value waits there for a second
// staff member), then SPEC's eight with Prices after Book Balance (the book, the feed's health
// and the price changes proposed, decision 028), an Audit Log, a Ledger Check and Mail (what has
// not been delivered). The tab is kept in the address (?tab=) so a reload stays on it. Each tab is a
// domain's staff screen (features/<domain>/staff), named once in `staffTabs` and loaded, with
// its catalogs, when it is first opened.
import { type ComponentType, type LazyExoticComponent, Suspense, lazy } from 'react';
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
  Tags,
  Truck,
  Users,
} from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { type Namespace, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ApprovalsBadge } from '@/features/approvals/staff/approvals-badge';
import { PlatformNetWorthCard } from '@/features/vault/staff/platform-net-worth-card';

type Icon = ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;

type StaffTab = {
  /** The tab's key in the address (?tab=) and its label's key in admin.json (`tabs.<value>`). */
  value: string;
  icon: Icon;
  /** The domain's staff screen (features/<domain>/staff), loaded when the tab is first opened. */
  Tab: LazyExoticComponent<ComponentType>;
  /**
   * Every catalog the screen's texts come from, its own and those of the forms and codes it
   * shows (`admin` first): loaded, in the page's language, before the screen shows, so no key
   * flashes in place of its text.
   */
  namespaces: readonly Namespace[];
  /** Shown beside the label, as Approvals shows how many wait. */
  Badge?: ComponentType;
};

/**
 * The admin page's tabs, in their order. A new tab is one entry here, its label in
 * admin.json (en and ar) and its screen in its domain's staff/ folder (ARCHITECTURE "Adding a
 * staff tab").
 */
const staffTabs = [
  {
    value: 'approvals',
    icon: ShieldCheck,
    Tab: lazy(() =>
      import('@/features/approvals/staff/approvals-tab').then((m) => ({ default: m.ApprovalsTab })),
    ),
    namespaces: ['admin', 'vault', 'transfers', 'catalogue', 'auth'],
    Badge: ApprovalsBadge,
  },
  {
    value: 'users',
    icon: Users,
    Tab: lazy(() =>
      import('@/features/accounts/staff/users-tab').then((m) => ({ default: m.UsersTab })),
    ),
    namespaces: ['admin', 'auth'],
  },
  {
    value: 'valuables',
    icon: Gem,
    Tab: lazy(() =>
      import('@/features/vault/staff/valuables-tab').then((m) => ({ default: m.ValuablesTab })),
    ),
    namespaces: ['admin', 'vault', 'catalogue', 'auth'],
  },
  {
    value: 'transfers',
    icon: Repeat,
    Tab: lazy(() =>
      import('@/features/banking/staff/transfers-tab').then((m) => ({ default: m.TransfersTab })),
    ),
    namespaces: ['admin', 'transfers', 'catalogue', 'auth'],
  },
  {
    value: 'bookBalance',
    icon: BookOpen,
    Tab: lazy(() =>
      import('@/features/vault/staff/book-balance-tab').then((m) => ({
        default: m.BookBalanceTab,
      })),
    ),
    namespaces: ['admin', 'vault', 'auth'],
  },
  {
    value: 'prices',
    icon: Tags,
    Tab: lazy(() =>
      import('@/features/prices/staff/prices-tab').then((m) => ({ default: m.PricesTab })),
    ),
    namespaces: ['admin', 'catalogue', 'auth'],
  },
  {
    value: 'passwordReset',
    icon: LockKeyhole,
    Tab: lazy(() =>
      import('@/features/accounts/staff/password-reset-tab').then((m) => ({
        default: m.PasswordResetTab,
      })),
    ),
    namespaces: ['admin', 'auth'],
  },
  {
    value: 'delivery',
    icon: Truck,
    Tab: lazy(() =>
      import('@/features/custody/staff/delivery-tab').then((m) => ({ default: m.DeliveryTab })),
    ),
    namespaces: ['admin', 'custody', 'vault', 'catalogue', 'auth'],
  },
  {
    value: 'kyc',
    icon: IdCard,
    Tab: lazy(() => import('@/features/kyc/staff/kyc-tab').then((m) => ({ default: m.KycTab }))),
    namespaces: ['admin', 'kyc', 'auth'],
  },
  {
    value: 'tracking',
    icon: Navigation,
    Tab: lazy(() =>
      import('@/features/custody/staff/tracking-tab').then((m) => ({ default: m.TrackingTab })),
    ),
    namespaces: ['admin', 'custody', 'vault', 'catalogue', 'auth'],
  },
  {
    value: 'audit',
    icon: ScrollText,
    Tab: lazy(() =>
      import('@/features/audit/staff/audit-tab').then((m) => ({ default: m.AuditTab })),
    ),
    namespaces: ['admin'],
  },
  {
    value: 'ledger',
    icon: Scale,
    Tab: lazy(() =>
      import('@/features/ledger-check/staff/ledger-check-tab').then((m) => ({
        default: m.LedgerCheckTab,
      })),
    ),
    namespaces: ['admin'],
  },
  {
    value: 'mail',
    icon: Mail,
    Tab: lazy(() =>
      import('@/features/mail-queue/staff/mail-queue-tab').then((m) => ({
        default: m.MailQueueTab,
      })),
    ),
    namespaces: ['admin', 'auth'],
  },
] as const satisfies readonly StaffTab[];

type TabValue = (typeof staffTabs)[number]['value'];
const defaultTab: TabValue = 'approvals';

function isTab(value: string | null): value is TabValue {
  return staffTabs.some((tab) => tab.value === value);
}

/** Grey rows in the shape of a staff list while a tab's screen or its texts load. */
function TabSkeleton() {
  return (
    <div className="grid gap-3" data-testid="staff-tab-loading">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/**
 * Suspends (showing the skeleton) until the tab's catalogs are loaded in the current language,
 * then renders its screen, itself suspending until its code is here. On a language change the
 * new catalogs load the same way, all at once, before the screen shows again.
 */
function StaffTabBody({ tab }: { tab: StaffTab }) {
  useTranslation([...tab.namespaces]);
  return <tab.Tab />;
}

export default function AdminRoute() {
  // Each tab loads its own catalogs (staffTabs' `namespaces`) when it is opened.
  const { t } = useTranslation('admin');
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
          {staffTabs.map(({ value, icon: TabIcon, ...tab }) => (
            <TabsPrimitive.Trigger
              key={value}
              value={value}
              className="flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-md px-2 py-1.5 text-center text-sm font-medium leading-tight transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              <TabIcon aria-hidden className="hidden size-4 shrink-0 sm:block" />
              {t(`tabs.${value}`)}
              {'Badge' in tab ? <tab.Badge /> : null}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        {staffTabs.map((staffTab) => (
          <TabsContent key={staffTab.value} value={staffTab.value}>
            <Suspense fallback={<TabSkeleton />}>
              <StaffTabBody tab={staffTab} />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
