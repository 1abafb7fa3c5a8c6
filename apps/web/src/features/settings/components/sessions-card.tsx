// Where the account is signed in (DESIGN §4: the user may end other sessions; ending one asks
// for the password again when it was last given over 10 minutes ago, issue 28).
import { Laptop, LogOut, MonitorSmartphone } from 'lucide-react';
import type { SessionListItem } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { describeUserAgent } from '../describe-user-agent';
import { useConfirmedMutation } from '../hooks/use-confirmed-mutation';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { cardTitleClass } from './section';
import { Tooltip } from '@/components/ui/tooltip';

export function SessionsCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(['settings', 'auth']);
  const sessions = useApiQuery(auth.getSessions);
  const revokeOthers = useConfirmedMutation(auth.revokeOtherSessions);
  const others = sessions.data?.filter((item) => !item.isCurrent) ?? [];

  return (
    <Card>
      <CardHeader>
        <h2 className={cardTitleClass}>
          <MonitorSmartphone aria-hidden className="size-5 text-accent-strong" />
          {t('sessions.title')}
        </h2>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <Spinner label={t('sessions.loading')} className="text-muted-foreground" />
        ) : null}
        {sessions.isError ? (
          <LoadError onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching}>
            {t('sessions.loadFailed')}
          </LoadError>
        ) : null}
        {sessions.data ? (
          <ul className="divide-y rounded-md border" data-testid="session-list">
            {[...sessions.data]
              .sort(
                (a, b) =>
                  Number(b.isCurrent) - Number(a.isCurrent) ||
                  b.lastSeenAt.localeCompare(a.lastSeenAt),
              )
              .map((item) => (
                <SessionRow key={item.id} item={item} canManage={canManage} />
              ))}
          </ul>
        ) : null}
        {canManage && sessions.data ? (
          <div>
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              disabled={others.length === 0 || revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: () => toast.success(t('sessions.othersEnded')),
                  onError: (error) =>
                    toast.error(t('sessions.endFailed'), {
                      description: apiErrorText(t, error, t('sessions.tryAgain')),
                    }),
                })
              }
            >
              {revokeOthers.isPending ? (
                <Spinner label={t('sessions.ending')} />
              ) : (
                t('sessions.endOthers')
              )}
            </Button>
            <ConfirmPasswordDialog {...revokeOthers.confirmation} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SessionRow({ item, canManage }: { item: SessionListItem; canManage: boolean }) {
  const { t, i18n } = useTranslation(['settings', 'auth']);
  const revoke = useConfirmedMutation(auth.revokeSession);
  const device = describeUserAgent(item.userAgent);
  const name =
    device.browser && device.os
      ? t('sessions.browserOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('sessions.unknownDevice'));
  const format = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));

  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-item"
    >
      <div className="flex min-w-0 gap-3">
        <Laptop aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {item.userAgent ? (
              <Tooltip content={item.userAgent}>
                <span tabIndex={0}>{name}</span>
              </Tooltip>
            ) : (
              <span>{name}</span>
            )}
            {item.isCurrent ? (
              <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-foreground">
                {t('sessions.thisDevice')}
              </span>
            ) : null}
            {item.isImpersonation ? (
              <span className="rounded-full bg-accent/20 px-2 py-0.5 text-xs font-semibold text-foreground">
                {t('sessions.staffAccess')}
              </span>
            ) : null}
          </p>
          <p className="text-muted-foreground">
            {t('sessions.signedIn', { date: format(item.createdAt) })}
            <span aria-hidden className="hidden sm:inline">
              {' '}
              ·{' '}
            </span>
            <br className="sm:hidden" />
            {t('sessions.lastActive', { date: format(item.lastSeenAt) })}
          </p>
        </div>
      </div>
      {canManage && !item.isCurrent ? (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start sm:self-auto"
          disabled={revoke.isPending}
          aria-label={t('sessions.endNamed', { name })}
          onClick={() =>
            revoke.mutate(
              { params: { id: item.id } },
              {
                onSuccess: () => toast.success(t('sessions.ended')),
                onError: (error) =>
                  toast.error(t('sessions.endFailed'), {
                    description: apiErrorText(t, error, t('sessions.tryAgain')),
                  }),
              },
            )
          }
        >
          <LogOut aria-hidden className="rtl:rotate-180" />
          {t('sessions.end')}
        </Button>
      ) : null}
      <ConfirmPasswordDialog {...revoke.confirmation} />
    </li>
  );
}
