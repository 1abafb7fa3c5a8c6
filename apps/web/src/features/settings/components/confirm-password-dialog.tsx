// Confirm your password (issue 28): the dialog a security setting opens when the server wants
// the password again (REAUTH_REQUIRED). The field has focus when it opens, Enter confirms,
// Escape and Cancel close it with nothing changed; a wrong password or too many tries is said
// under the field, and the dialog stays open to try again. An account with a passkey may confirm
// with it instead.
import { useState } from 'react';
import * as auth from '@secure-vault/shared/auth/contracts';
import * as passkeyApi from '@secure-vault/shared/passkeys/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { PasskeyButton } from '@/components/ui/passkey-button';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useSession } from '@/lib/auth/get-session';
import { useTranslation } from '@/lib/i18n';
import { answerWithPasskey, canUsePasskeys, passkeyFailureOf } from '@/lib/passkeys';
import type { PasswordConfirmation } from '../hooks/use-confirmed-mutation';

export function ConfirmPasswordDialog({ isOpen, onConfirmed, onCancel }: PasswordConfirmation) {
  const { t } = useTranslation(['settings', 'auth']);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent
        closeLabel={t('confirmPassword.close')}
        onInteractOutside={(event) => event.preventDefault()}
        data-testid="confirm-password-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('confirmPassword.title')}</DialogTitle>
          <DialogDescription>{t('confirmPassword.description')}</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts with an empty field and no error. */}
        <ConfirmPasswordForm onConfirmed={onConfirmed} onCancel={onCancel} />
      </DialogContent>
    </Dialog>
  );
}

function ConfirmPasswordForm({
  onConfirmed,
  onCancel,
}: Pick<PasswordConfirmation, 'onConfirmed' | 'onCancel'>) {
  const { t } = useTranslation(['settings', 'auth']);
  const confirm = useApiMutation(auth.confirmPassword);
  const form = useSchemaForm(auth.confirmPassword.body, {
    defaultValues: { password: '' },
    mode: 'onSubmit',
  });
  // The server's refusal, already in words (PASSWORD_INCORRECT, RATE_LIMITED, the network).
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await confirm.mutateAsync({ body });
      onConfirmed();
    } catch (error) {
      if (setServerIssues(form, error)) return;
      setFailure(apiErrorText(t, error, t('confirmPassword.failed')));
      form.setFocus('password', { shouldSelect: true });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <PasswordField
        id="reauth-password"
        label={t('confirmPassword.password')}
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message ? t(errors.password.message) : (failure ?? undefined)}
        {...form.register('password')}
      />
      <ConfirmWithPasskey onConfirmed={onConfirmed} onFailure={setFailure} isBusy={isSubmitting} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('confirmPassword.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <Spinner label={t('confirmPassword.submitting')} />
          ) : (
            t('confirmPassword.submit')
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The account's passkey instead of its password, when it has one and the browser can. */
function ConfirmWithPasskey({
  onConfirmed,
  onFailure,
  isBusy,
}: {
  onConfirmed: () => void;
  onFailure: (text: string | null) => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation(['settings', 'auth']);
  const { data: session } = useSession();
  const confirm = useApiMutation(passkeyApi.confirmWithPasskey);
  const [isWaiting, setIsWaiting] = useState(false);
  if (!session?.hasPasskey || !canUsePasskeys()) return null;

  const confirmByPasskey = async () => {
    onFailure(null);
    setIsWaiting(true);
    try {
      const credential = await answerWithPasskey();
      await confirm.mutateAsync({ body: { credential } });
      onConfirmed();
    } catch (error) {
      onFailure(
        passkeyFailureOf(error) === 'cancelled'
          ? t('auth:signIn.passkeyCancelled')
          : apiErrorText(t, error, t('confirmPassword.passkeyFailed')),
      );
    } finally {
      setIsWaiting(false);
    }
  };

  return (
    <PasskeyButton
      variant="outline"
      disabled={isBusy}
      label={t('confirmPassword.usePasskey')}
      waitingLabel={t('confirmPassword.usingPasskey')}
      isWaiting={isWaiting}
      onClick={() => void confirmByPasskey()}
    />
  );
}
