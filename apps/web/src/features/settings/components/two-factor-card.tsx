// Two-factor sign-in with an authenticator app (DESIGN §4): set up with a QR code or the secret
// typed by hand, confirmed with a code; recovery codes shown once; turned off with a code.
import { type FormEvent, useState } from 'react';
import { Check, Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { codeLength, totpSchema } from '@secure-vault/shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CodeInput } from '@/components/ui/code-input';
import { FormField } from '@/components/ui/form-field';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { type TwoFactorSetup, useSetUpTwoFactor } from '../api/set-up-two-factor';
import { QrCode } from './qr-code';
import { cardTitleClass } from './section';

export function TwoFactorCard({ isOn }: { isOn: boolean }) {
  const { t } = useTranslation(['settings', 'auth']);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useSetUpTwoFactor();

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (isOn) {
    body = <DisableForm />;
  } else if (setup) {
    body = (
      <SetupForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('twoFactor.offExplanation')}</p>
        <div>
          <Button
            className="w-full sm:w-auto"
            disabled={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: setSetup,
                onError: (error) =>
                  toast.error(t('twoFactor.setupFailed'), {
                    description: apiErrorText(t, error, t('twoFactor.tryAgain')),
                  }),
              })
            }
          >
            {start.isPending ? <Spinner label={t('twoFactor.starting')} /> : t('twoFactor.setUp')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className={cardTitleClass}>
            <ShieldCheck aria-hidden className="size-5 text-accent-strong" />
            {t('twoFactor.title')}
          </h2>
          <span
            className={
              isOn
                ? 'rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-semibold text-foreground'
                : 'rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground'
            }
            data-testid="two-factor-status"
          >
            {isOn ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
        </div>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function SetupForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation(['settings', 'auth']);
  const [code, setCode] = useState('');
  const enable = useEnableTwoFactor();
  const isComplete = code.length === codeLength;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete) return;
    enable.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => {
          toast.success(t('twoFactor.enabled'));
          onEnabled(recoveryCodes);
        },
        onError: (error) => {
          setCode('');
          toast.error(t('twoFactor.enableFailed'), {
            description: apiErrorText(t, error, t('twoFactor.tryAgain')),
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
        <div className="flex justify-center md:row-span-2">
          <div className="rounded-lg border bg-white p-2 shadow-sm">
            <QrCode
              value={setup.otpauthUri}
              label={t('twoFactor.qrLabel')}
              className="size-44 sm:size-48"
            />
          </div>
        </div>
        <div className="grid gap-2 text-sm">
          <p className="font-medium">{t('twoFactor.step1')}</p>
          <p className="text-muted-foreground">{t('twoFactor.manualEntry')}</p>
          <div className="flex items-center gap-2">
            <code
              dir="ltr"
              className="min-w-0 flex-1 break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm tracking-wider"
              data-testid="totp-secret"
              data-secret={setup.secret}
            >
              {groupSecret(setup.secret)}
            </code>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={t('twoFactor.copySecret')}
              title={t('twoFactor.copySecret')}
              onClick={async () => {
                if (await copyText(setup.secret)) toast.success(t('twoFactor.copied'));
              }}
            >
              <Copy aria-hidden />
            </Button>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="totp-setup-code">{t('twoFactor.step2')}</Label>
          <CodeInput
            id="totp-setup-code"
            value={code}
            onValueChange={setCode}
            className="max-w-60"
          />
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
        <Button type="submit" disabled={!isComplete || enable.isPending}>
          {enable.isPending ? <Spinner label={t('twoFactor.enabling')} /> : t('twoFactor.enable')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(['settings', 'auth']);
  const [isCopied, setCopied] = useState(false);
  return (
    <div className="grid gap-4">
      <Alert tone="warning" role="status">
        <ShieldCheck aria-hidden />
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('twoFactor.recoveryTitle')}</h3>
          <p>{t('twoFactor.recoveryExplanation')}</p>
        </div>
      </Alert>
      <ul
        dir="ltr"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            if (await copyText(codes.join('\n'))) {
              setCopied(true);
              toast.success(t('twoFactor.copied'));
            }
          }}
        >
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t('twoFactor.copyCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('twoFactor.savedCodes')}
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const { t } = useTranslation(['settings', 'auth']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useDisableTwoFactor();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('auth:errors.totpInvalid'));
      return;
    }
    setError(undefined);
    disable.mutate(
      { code: parsed.data },
      {
        onSuccess: () => {
          setCode('');
          toast.success(t('twoFactor.disabled'));
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'TOTP_INVALID')
            setError(t('auth:codes.TOTP_INVALID'));
          toast.error(t('twoFactor.disableFailed'), {
            description: apiErrorText(t, failure, t('twoFactor.tryAgain')),
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('twoFactor.onExplanation')}</p>
      <FormField
        id="totp-disable-code"
        label={t('twoFactor.disableCode')}
        hint={t('auth:signIn.totpHint')}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            dir="ltr"
            autoComplete="one-time-code"
            spellCheck={false}
            className="max-w-60 font-mono tracking-widest"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button
          type="submit"
          variant="destructive"
          className="w-full sm:w-auto"
          disabled={disable.isPending}
        >
          {disable.isPending ? (
            <Spinner label={t('twoFactor.disabling')} />
          ) : (
            <>
              <ShieldOff aria-hidden />
              {t('twoFactor.disable')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
