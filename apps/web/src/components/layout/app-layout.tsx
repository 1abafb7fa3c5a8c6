// The frame of every signed-in page (SPEC §2 dashboard header): the account's email, Admin Panel
// for staff, the notifications bell, Settings, Sign Out with a confirmation, the language and
// theme switches, and the impersonation banner when staff are viewing a customer's account
// (DESIGN §4). It also keeps the tab's live-update socket open (DESIGN §6).
import { Suspense, useEffect } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import type { Session } from '@secure-vault/shared/auth';
import { paths } from '@secure-vault/shared/paths';
import { ErrorBoundary } from './error-boundary';
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
import { ApiError } from '@/lib/api-client';
import { sessionQueryKey, useSession } from '@/lib/auth/get-session';
import { signOutMutationKey, useSignOut } from '@/lib/auth/sign-out';
import { useTranslation } from '@/lib/i18n';
import { useRealtime } from '@/lib/realtime';
import { cn } from '@/lib/utils';
import { BrandMark } from './brand';
import { ImpersonationBanner } from './impersonation-banner';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notification-bell';
import { FullPageStatus, SignedInOnly } from './route-guards';
import { ThemeSwitch } from './theme-switch';
import { Tooltip } from '@/components/ui/tooltip';

export default function AppLayout() {
  return (
    <SignedInOnly>
      <SignedInFrame />
    </SignedInOnly>
  );
}

/**
 * When any request answers 401 UNAUTHENTICATED (the session expired, or was ended from another
 * device), check the session again; the guard then takes the visitor to /auth.
 */
function useRecheckSessionOnUnauthenticated() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const isSignedOut = (error: unknown) =>
      error instanceof ApiError && error.code === 'UNAUTHENTICATED';
    const recheck = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isSignedOut(event.action.error)
      ) {
        if (event.query.queryHash !== hashKey(sessionQueryKey)) recheck();
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      // Signing out goes home whatever the answer; no detour through /auth.
      if (event.mutation?.options.mutationKey?.[0] === signOutMutationKey[0]) return;
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isSignedOut(event.action.error)
      )
        recheck();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

function SignedInFrame() {
  const { t } = useTranslation('app');
  useRecheckSessionOnUnauthenticated();
  const { data: session } = useSession();
  const { pathname } = useLocation();
  // One live-update socket per signed-in tab (DESIGN §6); a new identity gets a new socket.
  useRealtime(session ? `${session.user.id}|${session.impersonatedBy?.id ?? ''}` : null);
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
  buttonVariants({
    variant: 'ghost',
    size: 'sm',
    className: cn('px-2.5 sm:px-3', isActive && 'bg-muted'),
  });

function AppHeader({ session }: { session: Session }) {
  const { t } = useTranslation('app');
  // Below lg: the brand and the account actions on one row, the email and the switches on a
  // second. From lg: one row (display: contents lets the second row's items join the first).
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
        <Link
          to={paths.dashboard}
          className="order-1 flex items-center gap-2 font-semibold tracking-tight"
        >
          <BrandMark />
          <span className="text-lg">{t('common:brand')}</span>
        </Link>
        <nav
          aria-label={t('header.nav')}
          className="order-2 ms-auto flex shrink-0 items-center gap-1 lg:order-3 lg:ms-0"
        >
          {session.isAdmin ? (
            <NavLink to={paths.admin} end className={navLinkClass}>
              <ShieldCheck aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('header.admin')}</span>
            </NavLink>
          ) : null}
          <NotificationBell />
          <NavLink to={paths.settings} className={navLinkClass}>
            <Settings aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('header.settings')}</span>
          </NavLink>
          <SignOutButton />
        </nav>
        <div className="order-3 flex w-full min-w-0 items-center gap-2 border-t pt-2 lg:contents">
          <p className="flex min-w-0 flex-1 items-center gap-1.5 text-sm text-muted-foreground lg:order-2 lg:ms-auto lg:max-w-64 lg:flex-initial">
            <UserRound className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">{t('header.signedInAs')}</span>
            <Tooltip content={<bdi dir="ltr">{session.user.email}</bdi>} side="bottom">
              {/* Focusable: a keyboard user reaches the whole address when it is cut short. */}
              <span dir="ltr" className="truncate" data-testid="account-email" tabIndex={0}>
                {session.user.email}
              </span>
            </Tooltip>
          </p>
          <div className="flex shrink-0 items-center gap-2 lg:order-4">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
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
