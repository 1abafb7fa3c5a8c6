// "Send again" on a message the mailer gave up (POST /api/v1/admin/mail/:id/resend): it waits
// again, due at once, and the job runner sends it. The button is busy while its call is on the
// way (in the table and the phone card alike); a message someone else sent again meanwhile, or
// that is gone, is said as such; the list refreshes either way (the contract's `changes`).
import { LoaderCircle, Send } from 'lucide-react';
import type { TFunction } from 'i18next';
import * as mailQueue from '@secure-vault/shared/mail-queue/contracts';
import type { UndeliveredMail } from '@secure-vault/shared/mail-queue/contracts';
import { Button } from '@/components/ui/button';
import type { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDecidingIds } from '@/components/staff/decision-dialog';

/** Marks the resend calls, so each row can tell whether its own is on the way. */
const resendKey = ['admin', 'mail', 'resend'] as const;

function reportFailure(t: TFunction<'admin'>, error: ApiError): void {
  if (error.code === 'CONFLICT') {
    toast.error(t('mailQueue.resend.conflictTitle'), {
      description: t('mailQueue.resend.conflictBody'),
    });
  } else if (error.code === 'NOT_FOUND') {
    toast.error(t('mailQueue.resend.goneTitle'), { description: t('mailQueue.resend.goneBody') });
  } else {
    toast.error(t('mailQueue.resend.failedTitle'), {
      description: apiErrorText(t, error, t('mailQueue.resend.failedBody')),
    });
  }
}

/** Sends given-up messages again; `pending` holds the ids whose call is on the way. */
export function useResendMail() {
  const { t } = useTranslation('admin');
  const resend = useApiMutation(mailQueue.resendMail, { mutationKey: resendKey });
  const pending = useDecidingIds(resendKey);
  return {
    pending,
    send: (mail: UndeliveredMail) =>
      resend.mutate(
        { params: { id: mail.id } },
        {
          onSuccess: () =>
            toast.success(t('mailQueue.resend.doneTitle'), {
              description: t('mailQueue.resend.doneBody', { subject: isolate(mail.subject) }),
            }),
          onError: (error) => reportFailure(t, error),
        },
      ),
  };
}

export function MailResendButton({
  mail,
  isSending,
  onSend,
}: {
  mail: UndeliveredMail;
  isSending: boolean;
  onSend: (mail: UndeliveredMail) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={isSending}
      aria-busy={isSending}
      onClick={() => onSend(mail)}
      data-testid="mail-resend"
    >
      {isSending ? (
        <LoaderCircle aria-hidden className="animate-spin" />
      ) : (
        <Send aria-hidden className="rtl:-scale-x-100" />
      )}
      {t(isSending ? 'mailQueue.resend.sending' : 'mailQueue.resend.action')}
      {/* Which message, for a screen reader reaching the button alone. */}
      <span className="sr-only">: {mail.subject}</span>
    </Button>
  );
}
