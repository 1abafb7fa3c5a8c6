// Passkeys in Settings → Security (issue 28): the account's passkeys with when each was added and
// last used, adding one under a name (the browser's prompt makes it), and removing one. Adding and
// removing ask for the password (or a passkey) again when it was last given over 10 minutes ago.
import { type FormEvent, useState } from 'react';
import { Fingerprint, KeyRound, Trash2 } from 'lucide-react';
import * as passkeyApi from '@secure-vault/shared/passkeys/contracts';
import { type Passkey, passkeyNameSchema } from '@secure-vault/shared/passkeys';
import { PasskeyButton } from '@/components/ui/passkey-button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import {
  canUsePasskeys,
  createPasskey,
  type PasskeyCreationOptions,
  passkeyFailureOf,
} from '@/lib/passkeys';
import { toast } from '@/lib/toast';
import { useConfirmedMutation } from '../hooks/use-confirmed-mutation';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { cardTitleClass } from './section';

export function PasskeysCard() {
  const { t } = useTranslation(['settings', 'auth']);
  const passkeys = useApiQuery(passkeyApi.getPasskeys);

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <h2 className={cardTitleClass}>
          <Fingerprint aria-hidden className="size-5 text-accent-strong" />
          {t('passkeys.title')}
        </h2>
        <CardDescription>{t('passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {passkeys.isPending ? (
          <Spinner label={t('common:loading')} className="text-muted-foreground" />
        ) : null}
        {passkeys.isError ? (
          <LoadError onRetry={() => void passkeys.refetch()} isRetrying={passkeys.isFetching}>
            {t('passkeys.loadFailed')}
          </LoadError>
        ) : null}
        {passkeys.data && passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('passkeys.none')}</p>
        ) : null}
        {passkeys.data && passkeys.data.length > 0 ? (
          <ul
            className="divide-y rounded-md border"
            aria-label={t('passkeys.list')}
            data-testid="passkey-list"
          >
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ) : null}
        {canUsePasskeys() ? (
          <AddPasskeyForm count={passkeys.data?.length ?? 0} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Asks the server for options, the browser for a passkey, then the server to keep it. */
function useAddPasskey(onAdded: () => void) {
  const { t } = useTranslation(['settings', 'auth']);
  const start = useConfirmedMutation(passkeyApi.passkeyRegistrationOptions);
  const add = useApiMutation(passkeyApi.addPasskey);
  const [isWaiting, setIsWaiting] = useState(false);

  const failed = (error: unknown) => {
    const failure = passkeyFailureOf(error);
    if (failure === 'cancelled') toast.message(t('passkeys.cancelled'));
    else if (failure === 'alreadyRegistered') toast.error(t('passkeys.alreadyRegistered'));
    else {
      toast.error(t('passkeys.addFailed'), {
        description: apiErrorText(t, error, t('sessions.tryAgain')),
      });
    }
  };

  const register = async (name: string, options: PasskeyCreationOptions) => {
    setIsWaiting(true);
    try {
      const credential = await createPasskey(options);
      await add.mutateAsync({ body: { name, credential } });
      onAdded();
      toast.success(t('passkeys.added'));
    } catch (error) {
      failed(error);
    } finally {
      setIsWaiting(false);
    }
  };

  return {
    addPasskey: (name: string) =>
      start.mutate(undefined, {
        onError: failed,
        onSuccess: ({ options }) => void register(name, options),
      }),
    isBusy: start.isPending || isWaiting || add.isPending,
    confirmation: start.confirmation,
  };
}

/** A name, then the browser's prompt; the server checks the answer and keeps it under the name. */
function AddPasskeyForm({ count }: { count: number }) {
  const { t } = useTranslation(['settings', 'auth']);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { addPasskey, isBusy, confirmation } = useAddPasskey(() => setName(''));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(
      name.trim() === '' ? t('passkeys.defaultName') : name,
    );
    if (!parsed.success) {
      setNameError(t(parsed.error.issues[0]?.message ?? 'settings:passkeys.errors.name'));
      return;
    }
    setNameError(null);
    addPasskey(parsed.data);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <FormField
        id="passkey-name"
        label={t('passkeys.name')}
        hint={t('passkeys.nameHint')}
        error={nameError ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={80}
            placeholder={count === 0 ? t('passkeys.defaultName') : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <PasskeyButton
        type="submit"
        className="w-full sm:mt-7 sm:w-auto"
        label={t('passkeys.add')}
        waitingLabel={t('passkeys.adding')}
        isWaiting={isBusy}
      />
      <ConfirmPasswordDialog {...confirmation} />
    </form>
  );
}

const dateTime = { dateStyle: 'medium', timeStyle: 'short' } as const;

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useTranslation(['settings', 'auth']);
  const remove = useConfirmedMutation(passkeyApi.removePasskey);
  const [isAsking, setIsAsking] = useState(false);
  const format = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, dateTime).format(new Date(value));

  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="passkey-item"
    >
      <div className="flex min-w-0 gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words [overflow-wrap:anywhere]">{passkey.name}</span>
            {passkey.isBackedUp ? (
              <Tooltip content={t('passkeys.syncedHint')}>
                <span
                  tabIndex={0}
                  className="rounded-full bg-accent/20 px-2 py-0.5 text-xs font-semibold text-foreground"
                >
                  {t('passkeys.synced')}
                </span>
              </Tooltip>
            ) : null}
          </p>
          <p className="text-muted-foreground">
            {t('passkeys.createdAt', { date: format(passkey.createdAt) })}
            <span aria-hidden className="hidden sm:inline">
              {' '}
              ·{' '}
            </span>
            <br className="sm:hidden" />
            {passkey.lastUsedAt
              ? t('passkeys.lastUsed', { date: format(passkey.lastUsedAt) })
              : t('passkeys.neverUsed')}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-auto"
        disabled={remove.isPending}
        aria-label={t('passkeys.removeLabel', { name: passkey.name })}
        onClick={() => setIsAsking(true)}
      >
        {remove.isPending ? (
          <Spinner label={t('passkeys.removing')} />
        ) : (
          <>
            <Trash2 aria-hidden />
            {t('passkeys.remove')}
          </>
        )}
      </Button>
      <RemovePasskeyDialog
        name={passkey.name}
        isOpen={isAsking}
        onOpenChange={setIsAsking}
        onRemove={() =>
          remove.mutate(
            { params: { id: passkey.id } },
            {
              onSuccess: () => toast.success(t('passkeys.removed')),
              onError: (error) =>
                toast.error(t('passkeys.removeFailed'), {
                  description: apiErrorText(t, error, t('sessions.tryAgain')),
                }),
            },
          )
        }
      />
      <ConfirmPasswordDialog {...remove.confirmation} />
    </li>
  );
}

function RemovePasskeyDialog({
  name,
  isOpen,
  onOpenChange,
  onRemove,
}: {
  name: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('passkeys.removeTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('passkeys.removeBody', { name })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('passkeys.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onRemove}>
            {t('passkeys.remove')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
