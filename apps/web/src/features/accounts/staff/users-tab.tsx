// Users (SPEC §2): Email, Account Number (N/A when missing), Book Balance, Created At and
// "Sign in as User", which opens the customer's account through a one-time link (DESIGN §4)
// after a confirmation. A table on wide screens; below, one card per user, so nothing hides in
// a side-scroller on a phone.
import { useState } from 'react';
import { LogIn } from 'lucide-react';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AdminUser } from '@secure-vault/shared/vault';
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
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { useSession } from '@/lib/auth/get-session';
import { formatDate, isolate } from '@/lib/format';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { EmailAddress } from '@/components/ui/email-address';

export function UsersTab() {
  const { t } = useTranslation('admin');
  const users = useApiQuery(admin.getUsers);

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
      <LoadError onRetry={() => void users.refetch()} isRetrying={users.isFetching}>
        {t('users.loadError')}
      </LoadError>
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
  const impersonate = useApiMutation(admin.impersonateUser);
  // The customer whose account staff asked to open, until they confirm or cancel.
  const [toOpen, setToOpen] = useState<AdminUser | null>(null);

  const signInAs = (user: AdminUser) =>
    impersonate.mutate(
      { params: { id: user.userId } },
      {
        onSuccess: ({ actionLink }) => {
          toast.success(t('users.signingIn'), { description: t('users.redirecting') });
          window.location.assign(actionLink);
        },
        onError: (error) => {
          setToOpen(null);
          toast.error(t('users.errorTitle'), {
            description:
              error instanceof ApiError && error.code === 'FORBIDDEN'
                ? t('users.impersonateForbidden')
                : t('users.impersonateFailed'),
          });
        },
      },
    );

  const rows = users.map((user) => ({
    user,
    isSelf: user.userId === session?.user.id,
    button: (
      <SignInAsButton
        user={user}
        isDisabled={user.userId === session?.user.id || impersonate.isPending}
        isPending={impersonate.isPending && impersonate.variables?.params.id === user.userId}
        onClick={() => setToOpen(user)}
      />
    ),
  }));
  const headClass = 'px-3 py-2.5 text-start font-medium text-muted-foreground';
  return (
    <>
      {/* Phones and tablets: one card per user, every figure and the action in view. */}
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('users.caption')}
        data-testid="users-cards"
      >
        {rows.map(({ user, isSelf, button }) => (
          <li
            key={user.userId}
            className="grid gap-3 rounded-md border p-4"
            data-testid="user-card"
          >
            <p className="font-medium">
              <EmailAddress email={user.email} />
              {isSelf ? <YouBadge /> : null}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{t('users.accountNumber')}</dt>
              <dd className="text-end">
                <AccountNumber value={user.accountNumber} />
              </dd>
              <dt className="text-muted-foreground">{t('users.bookBalance')}</dt>
              <dd className="text-end tabular-nums">{formatUsd(user.bookBalance)}</dd>
              <dt className="text-muted-foreground">{t('users.createdAt')}</dt>
              <dd className="text-end">{formatDate(user.createdAt)}</dd>
            </dl>
            {button}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full text-sm" data-testid="users-table">
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
            {rows.map(({ user, isSelf, button }) => (
              <tr key={user.userId} data-testid="user-row">
                <th scope="row" className="max-w-64 px-3 py-2.5 text-start font-medium">
                  <EmailAddress email={user.email} />
                  {isSelf ? <YouBadge /> : null}
                </th>
                <td className="px-3 py-2.5">
                  <AccountNumber value={user.accountNumber} />
                </td>
                <td className="px-3 py-2.5 text-end tabular-nums">{formatUsd(user.bookBalance)}</td>
                <td className="whitespace-nowrap px-3 py-2.5">{formatDate(user.createdAt)}</td>
                <td className="px-3 py-2 text-end">{button}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AlertDialog
        open={toOpen !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !impersonate.isPending) setToOpen(null);
        }}
      >
        <AlertDialogContent data-testid="impersonate-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('users.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {toOpen ? t('users.confirmDescription', { email: isolate(toOpen.email) }) : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={impersonate.isPending}>
              {t('users.cancel')}
            </AlertDialogCancel>
            <AlertDialogAction
              disabled={impersonate.isPending}
              onClick={(event) => {
                // Stay open while the link is made; the page then leaves for the customer's.
                event.preventDefault();
                if (toOpen) signInAs(toOpen);
              }}
            >
              {impersonate.isPending ? (
                <Spinner label={t('users.redirecting')} />
              ) : (
                t('users.confirm')
              )}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function YouBadge() {
  const { t } = useTranslation('admin');
  return (
    <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
      {t('users.you')}
    </span>
  );
}

function AccountNumber({ value }: { value: string | null }) {
  const { t } = useTranslation('admin');
  return value ? (
    <bdi dir="ltr" className="font-mono">
      {value}
    </bdi>
  ) : (
    <span className="text-muted-foreground">{t('users.notAvailable')}</span>
  );
}

function SignInAsButton({
  user,
  isDisabled,
  isPending,
  onClick,
}: {
  user: AdminUser;
  isDisabled: boolean;
  isPending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Button variant="outline" size="sm" disabled={isDisabled} onClick={onClick}>
      {isPending ? (
        <Spinner label={t('users.redirecting')} />
      ) : (
        <>
          <LogIn aria-hidden className="rtl:rotate-180" />
          {t('users.signInAs')}
          <span className="sr-only"> ({user.email})</span>
        </>
      )}
    </Button>
  );
}
