// Registering a bank account (SPEC §2 /withdrawal, §5, §8; DESIGN §5): a dialog with the six
// fields, all required, the IBAN (mod-97) and SWIFT code checked as typed; Continue sends them to
// be checked (the account name against the approved KYC name, an IBAN not yet registered) and a
// 6-digit code emailed, and a second dialog takes it and registers. A refusal lands on its field
// before any code is sent. Asked again within a minute, no new code is sent: the code dialog says
// so, and how long until another may be asked for. The registration checks the details again:
// its issues go back onto the form, which opens again to show them.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { codeLength } from '@secure-vault/shared/auth';
import type { BankAccountInput } from '@secure-vault/shared/banking';
import * as banking from '@secure-vault/shared/banking/contracts';
import { Button } from '@/components/ui/button';
import { CodeActions, CodeField } from '@/components/ui/code-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useSecondsUntil } from '@/lib/use-seconds-until';

/** The server spaces codes 60 seconds apart. */
const resendCooldownMs = 60_000;

/** When the server will accept another code (ms since the epoch): after the wait it named. */
function nextResendAt(error?: unknown): number {
  const seconds = error instanceof ApiError ? Number(error.details?.retryAfterSeconds) : NaN;
  return Date.now() + (Number.isFinite(seconds) ? seconds * 1000 : resendCooldownMs);
}

const isTooSoon = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'CODE_TOO_SOON';

const fieldNames = [
  'bankName',
  'accountName',
  'accountNumber',
  'iban',
  'swiftCode',
  'branch',
] as const satisfies readonly (keyof BankAccountInput)[];
type FieldName = (typeof fieldNames)[number];

/** Fields read left to right whatever the page's direction. */
const ltrFields = new Set<FieldName>(['accountNumber', 'iban', 'swiftCode']);

const emptyInput: BankAccountInput = {
  bankName: '',
  accountName: '',
  accountNumber: '',
  iban: '',
  swiftCode: '',
  branch: '',
};

const codeFormSchema = banking.registerBankAccount.body.pick({ code: true });

export function RegisterBankAccount() {
  const { t } = useTranslation(['banking', 'auth']);
  const [isFormOpen, setFormOpen] = useState(false);
  const [isCodeOpen, setCodeOpen] = useState(false);
  const [details, setDetails] = useState<BankAccountInput | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [isCodeNew, setCodeNew] = useState(true);
  const form = useSchemaForm(banking.registerBankAccount.body.omit({ code: true }), {
    defaultValues: emptyInput,
  });
  const sendCode = useApiMutation(banking.sendBankAccountCode);
  const { errors, isSubmitting } = form.formState;

  // A field's problem shows under it (and the first takes the focus): no toast repeats it.
  const onContinue = form.handleSubmit(async (values) => {
    let isCodeSent = true;
    try {
      await sendCode.mutateAsync({ body: values });
    } catch (error) {
      if (isTooSoon(error)) {
        // The code sent less than a minute ago is still good: go on to enter it, told so.
        isCodeSent = false;
      } else {
        if (!refuseDetails(error)) {
          toast.error(t('register.failed'), {
            description: apiErrorText(t, error, t('register.sendFailed')),
          });
        }
        return;
      }
      setResendAt(nextResendAt(error));
    }
    if (isCodeSent) setResendAt(nextResendAt());
    setCodeNew(isCodeSent);
    setDetails(values);
    setFormOpen(false);
    setCodeOpen(true);
  });

  /** Puts the server's refusal of the details on their fields; false when it was not theirs. */
  const refuseDetails = (error: unknown): boolean => {
    if (error instanceof ApiError && error.code === 'CONFLICT') {
      form.setError('iban', { type: 'server', message: 'errors.ibanTaken' }, { shouldFocus: true });
      return true;
    }
    return setServerIssues(form, error);
  };

  /** The server refused the details themselves: back to the form, which shows why. */
  const onDetailsRefused = (error: unknown): boolean => {
    if (!refuseDetails(error)) return false;
    setCodeOpen(false);
    setFormOpen(true);
    return true;
  };

  const onRegistered = () => {
    setCodeOpen(false);
    setDetails(null);
    form.reset(emptyInput);
    toast.success(t('register.success'));
  };

  return (
    <>
      <Button onClick={() => setFormOpen(true)}>{t('register.button')}</Button>
      <Dialog open={isFormOpen} onOpenChange={setFormOpen}>
        <DialogContent
          closeLabel={t('register.close')}
          className="max-h-[90dvh] overflow-y-auto"
          onOpenAutoFocus={(event) => {
            const invalid = fieldNames.find((name) => form.getFieldState(name).error);
            if (!invalid) return;
            event.preventDefault();
            form.setFocus(invalid);
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('register.title')}</DialogTitle>
            <DialogDescription>{t('register.description')}</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onContinue} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {fieldNames.map((name) => {
                const message = errors[name]?.message;
                return (
                  <FormField
                    key={name}
                    id={`bank-${name}`}
                    label={t(`fields.${name}`)}
                    hint={name === 'accountName' ? t('fields.accountNameHint') : undefined}
                    error={message ? t(message) : undefined}
                    {...(name === 'accountName' ? { className: 'sm:col-span-2' } : {})}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        {...form.register(name)}
                        autoComplete="off"
                        {...(ltrFields.has(name)
                          ? { dir: 'ltr', spellCheck: false, className: 'font-mono' }
                          : {})}
                        {...(name === 'iban' || name === 'swiftCode'
                          ? { autoCapitalize: 'characters' }
                          : {})}
                      />
                    )}
                  </FormField>
                );
              })}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setFormOpen(false)}>
                {t('register.cancel')}
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Spinner label={t('register.sending')} /> : t('register.continue')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {details ? (
        <CodeDialog
          open={isCodeOpen}
          onOpenChange={setCodeOpen}
          details={details}
          resendAt={resendAt}
          isCodeNew={isCodeNew}
          onResent={(error) => {
            setResendAt(nextResendAt(error));
            if (!error) setCodeNew(true);
          }}
          onDetailsRefused={onDetailsRefused}
          onRegistered={onRegistered}
        />
      ) : null}
    </>
  );
}

function CodeDialog({
  open,
  onOpenChange,
  details,
  resendAt,
  isCodeNew,
  onResent,
  onDetailsRefused,
  onRegistered,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  details: BankAccountInput;
  resendAt: number | null;
  /** False when the send was refused as too soon: the code mailed before is the one to enter. */
  isCodeNew: boolean;
  /** A code was sent, or (with the refusal) the server named the wait before the next. */
  onResent: (tooSoon?: ApiError) => void;
  onDetailsRefused: (error: unknown) => boolean;
  onRegistered: () => void;
}) {
  const { t } = useTranslation(['banking', 'auth']);
  const register = useApiMutation(banking.registerBankAccount);
  const resend = useApiMutation(banking.sendBankAccountCode);
  const secondsLeft = useSecondsUntil(resendAt, resendCooldownMs / 1000);
  const form = useSchemaForm(codeFormSchema, { defaultValues: { code: '' }, mode: 'onSubmit' });
  const code = useWatch({ control: form.control, name: 'code' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code: entered }) => {
    try {
      await register.mutateAsync({ body: { ...details, code: entered } });
      form.reset({ code: '' });
      onRegistered();
    } catch (error) {
      if (onDetailsRefused(error) || setServerIssues(form, error)) return;
      form.setValue('code', '');
      const isCodeError =
        error instanceof ApiError &&
        (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED');
      if (isCodeError) {
        toast.error(t('verify.failed'), {
          description: apiErrorText(t, error, t('verify.failedFallback')),
        });
      } else {
        toast.error(t('register.failed'), {
          description: apiErrorText(t, error, t('register.registerFailed')),
        });
      }
    }
  });

  const onResend = () =>
    resend.mutate(
      { body: details },
      {
        onSuccess: () => {
          onResent();
          toast.success(t('verify.resent'));
        },
        onError: (error) => {
          if (isTooSoon(error)) {
            onResent(error);
            toast.error(t('verify.resendFailed'), {
              description: t('verify.wait', {
                seconds: Math.ceil((nextResendAt(error) - Date.now()) / 1000),
              }),
            });
            return;
          }
          // The details no longer pass (another tab registered the IBAN): back to the form.
          if (onDetailsRefused(error)) return;
          toast.error(t('verify.resendFailed'), {
            description: apiErrorText(t, error, t('verify.resendFailed')),
          });
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('register.close')}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('verify.title')}</DialogTitle>
          <DialogDescription data-testid="code-dialog-description">
            {isCodeNew ? t('verify.description') : t('verify.notResentDescription')}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <CodeField
            control={form.control}
            name="code"
            id="bank-code"
            label={t('verify.codeLabel')}
            error={errors.code?.message ? t(errors.code.message) : undefined}
            autoFocus
          />
          <CodeActions
            onResend={onResend}
            secondsLeft={secondsLeft}
            isResending={resend.isPending}
            canSubmit={code.length === codeLength}
            isSubmitting={isSubmitting}
            t={t}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
