// The frame of every signed-in page (SPEC §2 dashboard header): the account's email, Admin Panel
// for staff, Settings, Sign Out with a confirmation, the language and theme switches, and the
// impersonation banner when staff are viewing a customer's account (DESIGN §4).
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import type { Session } from '@secure-vault/shared/auth';
import { paths } from '@secure-vault/shared/paths';
import { ErrorBoundary } from '@/app/error-boundary';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/get-session';
import { useSignOut } from '@/lib/auth/sign-out';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { BrandMark } from './brand';
import { ImpersonationBanner } from './impersonation-banner';
import { LanguageSwitch } from './language-switch';
import { FullPageStatus, SignedInOnly } from './route-guards';
import { ThemeSwitch } from './theme-switch';

export default function AppLayout() {
  return (
    <SignedInOnly>
      <SignedInFrame />
    </SignedInOnly>
  );
}

function SignedInFrame() {
  const { t } = useTranslation('app');
  const { data: session } = useSession();
  const { pathname } = useLocation();
  if (!session) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        {t('common:skipToContent')}
      </a>
      {session.impersonatedBy ? <ImpersonationBanner session={session} /> : null}
      <AppHeader session={session} />
      <main id="main" className="flex-1">
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<FullPageStatus label={t('common:loading')} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  buttonVariants({ variant: 'ghost', size: 'sm', className: cn('px-2.5 sm:px-3', isActive && 'bg-muted') });

function AppHeader({ session }: { session: Session }) {
  const { t } = useTranslation('app');
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to={paths.dashboard} className="flex items-center gap-2 font-semibold tracking-tight">
          <BrandMark />
          <span className="text-lg">{t('common:brand')}</span>
        </Link>
        <div className="ms-auto flex items-center gap-2 md:order-last md:ms-0">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
        <div className="flex w-full min-w-0 items-center gap-1 border-t pt-2 md:ms-auto md:w-auto md:border-0 md:pt-0">
          <p className="flex min-w-0 flex-1 items-center gap-1.5 text-sm text-muted-foreground md:me-2">
            <UserRound className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">{t('header.signedInAs')}</span>
            <span dir="ltr" className="truncate" data-testid="account-email">
              {session.user.email}
            </span>
          </p>
          <nav aria-label={t('header.nav')} className="flex shrink-0 items-center gap-1">
            {session.isAdmin ? (
              <NavLink to={paths.admin} end className={navLinkClass}>
                <ShieldCheck aria-hidden />
                <span className="sr-only sm:not-sr-only">{t('header.admin')}</span>
              </NavLink>
            ) : null}
            <NavLink to={paths.settings} className={navLinkClass}>
              <Settings aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('header.settings')}</span>
            </NavLink>
            <SignOutButton />
          </nav>
        </div>
      </div>
    </header>
  );
}

function SignOutButton() {
  const { t } = useTranslation('app');
  const signOut = useSignOut();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="px-2.5 sm:px-3">
          <LogOut aria-hidden className="rtl:rotate-180" />
          <span className="sr-only sm:not-sr-only">{t('header.signOut')}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('signOut.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('signOut.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('signOut.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={signOut.isPending}
            onClick={(event) => {
              // Keep the dialog open while signing out; leaving the page closes it.
              event.preventDefault();
              signOut.mutate();
            }}
          >
            {signOut.isPending ? <Spinner label={t('signOut.pending')} /> : t('signOut.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
