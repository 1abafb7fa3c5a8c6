// Registering a bank account (SPEC §2 /withdrawal, §5, §8; DESIGN §5): a dialog with the six
// fields, all required, the IBAN (mod-97) and SWIFT code checked as typed; Continue has a 6-digit
// code emailed, and a second dialog takes it and registers. The server checks the account name
// against the approved KYC name: its issues go back onto the form, which opens again to show them.
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

/** When the server will accept another code (ms since the epoch). */
function nextResendAt(): number {
  return Date.now() + resendCooldownMs;
}

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
  const form = useSchemaForm(banking.registerBankAccount.body.omit({ code: true }), {
    defaultValues: emptyInput,
  });
  const sendCode = useApiMutation(banking.sendBankAccountCode);
  const { errors, isSubmitting } = form.formState;

  const onContinue = form.handleSubmit(
    async (values) => {
      try {
        await sendCode.mutateAsync();
      } catch (error) {
        // A code sent less than a minute ago is still good: go on to enter it.
        if (!(error instanceof ApiError && error.code === 'CODE_TOO_SOON')) {
          toast.error(t('register.failed'), {
            description: apiErrorText(t, error, t('register.sendFailed')),
          });
          return;
        }
        toast.message(t('auth:codes.CODE_TOO_SOON'));
      }
      setDetails(values);
      setResendAt(nextResendAt());
      setFormOpen(false);
      setCodeOpen(true);
    },
    (invalid) => {
      const first = fieldNames.map((name) => invalid[name]?.message).find(Boolean);
      toast.error(t('register.failed'), {
        description: first ? t(first) : t('errors.allRequired'),
      });
    },
  );

  /** The server refused the details themselves: back to the form, with its issues on the fields. */
  const onDetailsRefused = (error: unknown): boolean => {
    if (!setServerIssues(form, error)) return false;
    setCodeOpen(false);
    setFormOpen(true);
    toast.error(t('register.failed'), {
      description: apiErrorText(t, error, t('register.registerFailed')),
    });
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
          onResent={() => setResendAt(nextResendAt())}
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
  onResent,
  onDetailsRefused,
  onRegistered,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  details: BankAccountInput;
  resendAt: number | null;
  onResent: () => void;
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
    resend.mutate(undefined, {
      onSuccess: () => {
        onResent();
        toast.success(t('verify.resent'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CODE_TOO_SOON') onResent();
        toast.error(t('verify.resendFailed'), {
          description: apiErrorText(t, error, t('verify.resendFailed')),
        });
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('register.close')}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('verify.title')}</DialogTitle>
          <DialogDescription>{t('verify.description')}</DialogDescription>
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
