// /admin/impersonate (SPEC §2, DESIGN §4): completes a staff member's one-time link, then opens the
// customer's vault after a second. A used or expired link sends the staff member back to /admin.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CircleAlert } from 'lucide-react';
import * as auth from '@secure-vault/shared/auth/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Spinner } from '@/components/ui/spinner';
import { useApiMutation } from '@/lib/api-query';
import { replaceSession } from '@/lib/auth/replace-session';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { forgetFragment, readFragmentToken } from '@/features/auth/fragment-token';

export const redirectDelayMs = 1000;
const failedRedirectDelayMs = 2500;

export default function ImpersonateRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The link opens the customer's session: nothing cached for the staff member may show in it.
  const complete = useApiMutation(auth.completeImpersonation, {
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const [token] = useState(() => readFragmentToken());
  const [isFailed, setFailed] = useState(token === null);
  const hasStarted = useRef(false);
  usePageTitle(isFailed ? t('impersonate.failed') : t('impersonate.processing'));

  useEffect(() => {
    forgetFragment();
    // The link works once, so the request must not repeat when React re-runs effects.
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    complete.mutate(
      { body: { token } },
      {
        onSuccess: () => {
          toast.success(t('impersonate.signedIn'), {
            description: t('impersonate.viewingAs'),
            duration: 3000,
          });
          setTimeout(() => void navigate(paths.dashboard, { replace: true }), redirectDelayMs);
        },
        onError: () => setFailed(true),
      },
    );
  }, [token, complete, navigate, t]);

  useEffect(() => {
    if (!isFailed) return;
    const timer = setTimeout(
      () => void navigate(paths.admin, { replace: true }),
      failedRedirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [isFailed, navigate]);

  return (
    <section
      className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      aria-live="polite"
    >
      {isFailed ? (
        <>
          <CircleAlert aria-hidden className="size-10 text-destructive" />
          <h1 className="text-2xl font-semibold">{t('impersonate.failed')}</h1>
          <p className="text-muted-foreground">{t('impersonate.redirecting')}</p>
        </>
      ) : (
        <>
          <Spinner className="text-accent-strong [&>span:first-child]:size-10" />
          <h1 className="text-2xl font-semibold">{t('impersonate.processing')}</h1>
          <p className="text-muted-foreground">{t('impersonate.wait')}</p>
        </>
      )}
    </section>
  );
}
