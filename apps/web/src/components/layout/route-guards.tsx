// Declarative route guards (SPEC §2, §6). They only decide what the browser shows: the server
// enforces every rule again on every request.
import { type ReactNode, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, type Location } from 'react-router';
import type { Session } from '@secure-vault/shared/auth';
import { fieldOf } from '@secure-vault/shared/guards';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/get-session';
import { useTranslation } from '@/lib/i18n';

export type AccessRule = 'signed-in' | 'signed-out' | 'admin';

export type AccessDecision =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface SessionState {
  isPending: boolean;
  isError: boolean;
  session: Session | null | undefined;
}

/** Where a signed-in visitor goes from /auth: back to the page that sent them there, or the vault. */
export function afterSignInPath(location: Pick<Location, 'state'>): string {
  const from = fieldOf(location.state, 'from');
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    from !== paths.auth
    ? from
    : paths.dashboard;
}

export function decideAccess(
  rule: AccessRule,
  state: SessionState,
  location: Pick<Location, 'state'>,
): AccessDecision {
  if (state.isPending) return { kind: 'loading' };
  const session = state.session ?? null;
  if (rule === 'signed-out') {
    // A failed check shows the sign-in form: signing in will tell us the truth.
    return session ? { kind: 'redirect', to: afterSignInPath(location) } : { kind: 'allow' };
  }
  if (state.isError && !session) return { kind: 'error' };
  if (!session) return { kind: 'redirect', to: paths.auth };
  if (rule === 'admin' && !session.isAdmin) return { kind: 'redirect', to: paths.dashboard };
  return { kind: 'allow' };
}

export function FullPageStatus({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-4 text-muted-foreground">
      <Spinner label={label} />
    </div>
  );
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('app');
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('common:errors.title')}</h1>
      <p className="text-muted-foreground">{t('common:errors.network')}</p>
      <Button onClick={onRetry}>{t('guard.retry')}</Button>
    </div>
  );
}

/**
 * Replaces the address with another. (React Router's <Navigate> does the same; this one reuses
 * useNavigate, which the public pages already load, so the first page load stays smaller.)
 */
function Redirect({ to, from }: { to: string; from?: string | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true, state: from ? { from } : null });
  }, [navigate, to, from]);
  return null;
}

function Guard({
  rule,
  loadingLabel,
  children,
}: {
  rule: AccessRule;
  loadingLabel: string;
  children?: ReactNode;
}) {
  const location = useLocation();
  const query = useSession();
  const decision = decideAccess(
    rule,
    { isPending: query.isPending, isError: query.isError, session: query.data },
    location,
  );
  switch (decision.kind) {
    case 'loading':
      return <FullPageStatus label={loadingLabel} />;
    case 'error':
      return <SessionError onRetry={() => void query.refetch()} />;
    case 'redirect':
      return (
        <Redirect
          to={decision.to}
          from={rule === 'signed-in' ? `${location.pathname}${location.search}` : undefined}
        />
      );
    case 'allow':
      return children ?? <Outlet />;
  }
}

/** For pages that need a signed-in user; others go to /auth (and come back after signing in). */
export function SignedInOnly({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  // SPEC §2: the admin panel says "Loading admin panel..." while access is checked.
  const label = pathname.startsWith(paths.admin) ? t('guard.loadingAdmin') : t('guard.checking');
  return (
    <Guard rule="signed-in" loadingLabel={label}>
      {children}
    </Guard>
  );
}

/** For /auth: someone already signed in goes to the vault. */
export function SignedOutOnly() {
  const { t } = useTranslation('app');
  return <Guard rule="signed-out" loadingLabel={t('guard.checking')} />;
}

/** For /admin: staff only; everyone else goes to the vault. */
export function AdminOnly() {
  const { t } = useTranslation('app');
  return <Guard rule="admin" loadingLabel={t('guard.loadingAdmin')} />;
}
