// /update-password (SPEC §2, §4): opened from the emailed link, whose token is in the fragment.
// The link is checked as the page opens: without a token, or when the server says the link is
// used or expired, a prompt asks for a new one before anything is typed.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LinkIcon } from 'lucide-react';
import { type PasswordResetLink, signInSchema } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { apiQueryOptions, useApiMutation } from '@/lib/api-query';
import { replaceSession } from '@/lib/auth/replace-session';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthShell } from '@/features/auth/components/auth-shell';
import type { TFunction } from 'i18next';
import { PasskeyStep, TotpStep } from '@/features/auth/components/totp-step';
import { answerWithPasskey, passkeyFailureOf } from '@/lib/passkeys';
import { forgetFragment, readFragmentToken } from '@/features/auth/fragment-token';

// The request's schema without the link's token (not typed), plus a confirmation.
const updatePasswordFormSchema = auth.completePasswordReset.body
  .omit({ token: true })
  .extend({ confirmPassword: signInSchema.shape.password })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'auth:errors.passwordsDoNotMatch',
    path: ['confirmPassword'],
  });

export default function UpdatePasswordRoute() {
  const { t } = useTranslation('auth');
  usePageTitle(t('update.title'));
  const [token] = useState(() => readFragmentToken());
  useEffect(() => forgetFragment(), []);
  const [isLinkUsedUp, setLinkUsedUp] = useState(false);
  // Asked as the page opens (nothing is used up): TOKEN_INVALID when the link is unknown, used
  // or expired, otherwise whether the account will ask for its authenticator code.
  const link = useQuery({
    ...apiQueryOptions(auth.checkPasswordResetLink, { body: { token: token ?? '' } }),
    enabled: token !== null,
    // One answer per visit: the link changes only when it is used, which leaves the page.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const isLinkInvalid =
    token === null ||
    isLinkUsedUp ||
    (link.error instanceof ApiError && link.error.code === 'TOKEN_INVALID');

  let body;
  if (isLinkInvalid || !token) body = <RequestNewLink />;
  // Any other failure to check leaves the form to find out on submit.
  else if (link.isPending)
    body = (
      <div className="flex justify-center py-6 text-muted-foreground">
        <Spinner label={t('update.checking')} />
      </div>
    );
  else
    body = (
      <UpdatePasswordForm
        token={token}
        link={link.data ?? { requiresTotp: false, requiresPasskey: false }}
        onInvalidLink={() => setLinkUsedUp(true)}
      />
    );

  return (
    <AuthShell
      back={{ to: paths.auth, label: t('reset.backToSignIn') }}
      title={isLinkInvalid ? t('update.invalidTitle') : t('update.title')}
      description={isLinkInvalid ? undefined : t('update.description')}
    >
      <Card>
        <div className="p-4 sm:p-6">{body}</div>
      </Card>
    </AuthShell>
  );
}

function RequestNewLink() {
  const { t } = useTranslation('auth');
  return (
    <div className="grid gap-5">
      <Alert tone="warning" role="status">
        <LinkIcon aria-hidden />
        <p>{t('update.invalidDescription')}</p>
      </Alert>
      <Button asChild size="lg">
        <Link to={paths.resetPassword}>{t('update.requestNewLink')}</Link>
      </Button>
    </div>
  );
}

/** Why the new password was not saved: a toast in the page's language. */
function sayFailure(t: TFunction, error: unknown) {
  if (passkeyFailureOf(error) === 'cancelled') {
    toast.message(t('signIn.passkeyCancelled'));
    return;
  }
  toast.error(t('update.failed'), {
    description: apiErrorText(t, error, t('update.failedFallback')),
  });
}

function UpdatePasswordForm({
  token,
  link,
  onInvalidLink,
}: {
  token: string;
  /** Known from the link check: the code field (or the passkey's notice) shows from the start. */
  link: PasswordResetLink;
  onInvalidLink: () => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const complete = useApiMutation(auth.completePasswordReset, {
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const [needsTotp, setNeedsTotp] = useState(link.requiresTotp);
  const [needsPasskey, setNeedsPasskey] = useState(link.requiresPasskey);
  const form = useSchemaForm(updatePasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);

  const onSubmit = form.handleSubmit(async ({ password, totp }) => {
    try {
      // The passkey is asked for as the form is sent: the browser's own prompt.
      const passkey = needsPasskey ? await answerWithPasskey() : undefined;
      await complete.mutateAsync({
        body: { token, password, ...(needsTotp ? { totp } : {}), ...(passkey ? { passkey } : {}) },
      });
      toast.success(t('update.success'));
      await navigate(paths.dashboard, { replace: true });
    } catch (error) {
      if (setServerIssues(form, error)) return;
      if (error instanceof ApiError && error.code === 'TOKEN_INVALID') {
        onInvalidLink();
        return;
      }
      if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
        setNeedsTotp(true);
        setTimeout(() => form.setFocus('totp'), 0);
        return;
      }
      if (error instanceof ApiError && error.code === 'PASSKEY_REQUIRED') {
        setNeedsPasskey(true);
        return;
      }
      sayFailure(t, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <PasswordField
        id="new-password"
        label={t('fields.newPassword')}
        hint={t('signUp.passwordHint')}
        error={message(errors.password?.message)}
        autoComplete="new-password"
        {...form.register('password')}
      />
      <PasswordField
        id="confirm-new-password"
        label={t('fields.confirmPassword')}
        error={message(errors.confirmPassword?.message)}
        autoComplete="new-password"
        {...form.register('confirmPassword')}
      />
      {needsTotp ? (
        <TotpStep
          id="update-totp"
          prompt={t('update.totpPrompt')}
          error={message(errors.totp?.message)}
          {...form.register('totp')}
        />
      ) : null}
      {needsPasskey ? <PasskeyStep prompt={t('update.passkeyPrompt')} /> : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label={t('update.submitting')} /> : t('update.submit')}
      </Button>
    </form>
  );
}
