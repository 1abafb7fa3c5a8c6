// Mail (issue 26, "Durable mail"): every email is kept before it is sent and tried again while the
// mail server is down; this tab lists what has not reached its reader yet — waiting for its next
// attempt, or given up (refused for good, or failing every attempt) with the error kept — newest
// first, as a table on wide screens and one card per message on phones. Refetched on "Refresh".
// A given-up message can be sent again (mail-resend-button.tsx).
import { MailCheck, RotateCw } from 'lucide-react';
import type { TFunction } from 'i18next';
import * as mailQueue from '@secure-vault/shared/mail-queue/contracts';
import type { UndeliveredMail } from '@secure-vault/shared/mail-queue/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmailAddress } from '@/components/ui/email-address';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { useApiQuery } from '@/lib/api-query';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { mailStateTones } from '../mail-state';
import { MailResendButton, useResendMail } from './mail-resend-button';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function StateBadge({ mail }: { mail: UndeliveredMail }) {
  const { t } = useTranslation('admin');
  return (
    <StatusBadge
      status={mail.state}
      tones={mailStateTones}
      label={t(`mailQueue.states.${mail.state}`)}
      testId="mail-state"
    />
  );
}

/** When it goes next, or when it was given up. */
function when(t: TFunction<'admin'>, mail: UndeliveredMail): string {
  return mail.state === 'given_up' && mail.givenUpAt
    ? t('mailQueue.givenUpAt', { at: formatDate(mail.givenUpAt, undefined, dateTime) })
    : t('mailQueue.nextAttemptAt', { at: formatDate(mail.nextAttemptAt, undefined, dateTime) });
}

/** How the last attempt failed, in the reader's language. */
function failure(t: TFunction<'admin'>, mail: UndeliveredMail): string {
  if (!mail.failure) return t('mailQueue.noError');
  const { responseCode } = mail.failure;
  return responseCode === null
    ? t('mailQueue.unreachable')
    : t('mailQueue.refused', { code: responseCode });
}

function Messages({ messages }: { messages: UndeliveredMail[] }) {
  const { t } = useTranslation('admin');
  const resend = useResendMail();
  const resendButton = (mail: UndeliveredMail) =>
    mail.state === 'given_up' ? (
      <MailResendButton mail={mail} isSending={resend.pending.has(mail.id)} onSend={resend.send} />
    ) : null;
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground whitespace-nowrap';
  return (
    <>
      <ul className="grid gap-3 lg:hidden" aria-label={t('mailQueue.caption')}>
        {messages.map((mail) => (
          <li key={mail.id} className="grid gap-2 rounded-md border p-4" data-testid="mail-card">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{mail.subject}</p>
              <StateBadge mail={mail} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('mailQueue.to')}</dt>
              <dd className="text-end">
                <EmailAddress email={mail.to} />
              </dd>
              <dt className="text-muted-foreground">{t('mailQueue.attempts')}</dt>
              <dd className="text-end tabular-nums">{mail.attempts}</dd>
              <dt className="text-muted-foreground">{t('mailQueue.when')}</dt>
              <dd className="text-end">{when(t, mail)}</dd>
              <dt className="text-muted-foreground">{t('mailQueue.lastError')}</dt>
              <dd className="text-end break-words">{failure(t, mail)}</dd>
            </dl>
            {mail.state === 'given_up' ? (
              <div className="flex justify-end">{resendButton(mail)}</div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="mail-table">
          <caption className="sr-only">{t('mailQueue.caption')}</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('mailQueue.subject')}
              </th>
              <th scope="col" className={headClass}>
                {t('mailQueue.to')}
              </th>
              <th scope="col" className={headClass}>
                {t('mailQueue.state')}
              </th>
              <th scope="col" className={cn(headClass, 'text-end')}>
                {t('mailQueue.attempts')}
              </th>
              <th scope="col" className={headClass}>
                {t('mailQueue.when')}
              </th>
              <th scope="col" className={headClass}>
                {t('mailQueue.lastError')}
              </th>
              <th scope="col" className={headClass}>
                <span className="sr-only">{t('mailQueue.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {messages.map((mail) => (
              <tr key={mail.id} className="align-top" data-testid="mail-row">
                <th scope="row" className="max-w-64 px-3 py-2.5 text-start font-medium">
                  {mail.subject}
                </th>
                <td className="max-w-64 px-3 py-2.5">
                  <EmailAddress email={mail.to} />
                </td>
                <td className="px-3 py-2.5">
                  <StateBadge mail={mail} />
                </td>
                <td className="px-3 py-2.5 text-end tabular-nums">{mail.attempts}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">{when(t, mail)}</td>
                <td className="max-w-72 px-3 py-2.5 break-words text-muted-foreground">
                  {failure(t, mail)}
                </td>
                <td className="px-3 py-2 text-end whitespace-nowrap">{resendButton(mail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function MailQueueTab() {
  const { t } = useTranslation('admin');
  const list = useApiQuery(mailQueue.listUndeliveredMail);

  let body;
  if (list.data) {
    const { waiting, givenUp, messages } = list.data;
    body =
      messages.length === 0 ? (
        <Alert tone="success" role="status" data-testid="mail-all-delivered">
          <MailCheck aria-hidden className="text-success" />
          <p className="font-semibold">{t('mailQueue.allDelivered')}</p>
        </Alert>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status" data-testid="mail-counts">
            {t('mailQueue.counts', {
              waiting: t('mailQueue.waitingCount', { count: waiting }),
              givenUp: t('mailQueue.givenUpCount', { count: givenUp }),
            })}
          </p>
          <Messages messages={messages} />
        </>
      );
  } else if (!list.isError) {
    body = (
      <div className="grid gap-3" aria-busy="true" data-testid="mail-loading">
        <span className="sr-only">{t('mailQueue.loading')}</span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h3 className="text-lg font-semibold leading-tight">{t('mailQueue.title')}</h3>
          <CardDescription>{t('mailQueue.description')}</CardDescription>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          onClick={() => {
            if (!list.isFetching) void list.refetch();
          }}
          aria-busy={list.isFetching}
          data-testid="mail-refresh"
        >
          <RotateCw aria-hidden className={cn(list.isFetching && 'animate-spin')} />
          {t('mailQueue.refresh')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isError ? (
          <LoadError
            title={t('mailQueue.loadErrorTitle')}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          >
            {t('mailQueue.loadErrorBody')}
          </LoadError>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
