// Users (SPEC §2): Email, Account Number (N/A when missing), Book Balance, Created At and
// "Sign in as User", which opens the customer's account through a one-time link (DESIGN §4).
import { LogIn } from 'lucide-react';
import type { AdminUser } from '@secure-vault/shared/vault';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/get-session';
import { formatDate, formatUsd } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useUsers } from '../api/get-users';
import { useImpersonateUser } from '../api/impersonate-user';

export function UsersTab() {
  const { t } = useTranslation('admin');
  const users = useUsers();

  let body;
  if (users.data) {
    body =
      users.data.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
          {t('users.empty')}
        </p>
      ) : (
        <UsersTable users={users.data} />
      );
  } else if (users.isError) {
    body = (
      <Alert tone="danger" role="alert">
        <div className="grid gap-2">
          <p>{t('users.loadError')}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              {t('users.retry')}
            </Button>
          </div>
        </div>
      </Alert>
    );
  } else {
    body = (
      <div className="grid gap-3" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold leading-tight">{t('users.title')}</h3>
        <CardDescription>{t('users.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function UsersTable({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation('admin');
  const { data: session } = useSession();
  const impersonate = useImpersonateUser();

  const signInAs = (user: AdminUser) =>
    impersonate.mutate(user.userId, {
      onSuccess: ({ actionLink }) => {
        toast.success(t('users.signingIn'), { description: t('users.redirecting') });
        window.location.assign(actionLink);
      },
      onError: (error) =>
        toast.error(t('users.errorTitle'), {
          description:
            error instanceof ApiError && error.code === 'FORBIDDEN'
              ? t('users.impersonateForbidden')
              : t('users.impersonateFailed'),
        }),
    });

  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[44rem] text-sm" data-testid="users-table">
        <caption className="sr-only">{t('users.caption')}</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className={headClass}>
              {t('users.email')}
            </th>
            <th scope="col" className={headClass}>
              {t('users.accountNumber')}
            </th>
            <th scope="col" className={`${headClass} text-end`}>
              {t('users.bookBalance')}
            </th>
            <th scope="col" className={headClass}>
              {t('users.createdAt')}
            </th>
            <th scope="col" className={headClass}>
              <span className="sr-only">{t('users.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {users.map((user) => {
            const isSelf = user.userId === session?.user.id;
            const isThisPending = impersonate.isPending && impersonate.variables === user.userId;
            return (
              <tr key={user.userId} data-testid="user-row">
                <th scope="row" className="max-w-64 px-3 py-2.5 text-start font-medium">
                  <bdi dir="ltr" className="break-all">
                    {user.email}
                  </bdi>
                  {isSelf ? (
                    <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                      {t('users.you')}
                    </span>
                  ) : null}
                </th>
                <td className="px-3 py-2.5 font-mono">
                  {user.accountNumber ? (
                    <bdi dir="ltr">{user.accountNumber}</bdi>
                  ) : (
                    <span className="font-sans text-muted-foreground">
                      {t('users.notAvailable')}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2.5 text-end tabular-nums">{formatUsd(user.bookBalance)}</td>
                <td className="whitespace-nowrap px-3 py-2.5">{formatDate(user.createdAt)}</td>
                <td className="px-3 py-2 text-end">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={isSelf || impersonate.isPending}
                    onClick={() => signInAs(user)}
                  >
                    {isThisPending ? (
                      <Spinner label={t('users.redirecting')} />
                    ) : (
                      <>
                        <LogIn aria-hidden className="rtl:rotate-180" />
                        {t('users.signInAs')}
                        <span className="sr-only"> ({user.email})</span>
                      </>
                    )}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
