// Book Balance (SPEC §2, §5): set a customer's balance (user and amount required, step 0.01),
// and every user with their balance ("Not assigned" without an account number).
import * as admin from '@secure-vault/shared/admin/contracts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { formatUsd } from '@/lib/money';
import { useTranslation } from '@/lib/i18n';
import { BookBalanceForm } from './book-balance-form';

export function BookBalanceTab() {
  const { t } = useTranslation(['admin', 'vault']);
  const users = useApiQuery(admin.getUsers);

  if (!users.data) {
    return users.isError ? (
      <LoadError onRetry={() => void users.refetch()} isRetrying={users.isFetching}>
        {t('users.loadError')}
      </LoadError>
    ) : (
      <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <BookBalanceForm users={users.data} />
      <Card>
        <CardHeader>
          <h3 className="text-lg font-semibold leading-tight">{t('bookBalance.listTitle')}</h3>
        </CardHeader>
        <CardContent>
          {users.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('users.empty')}</p>
          ) : (
            // Focusable, so the keyboard can scroll a long list (nothing inside takes focus).
            <ul
              tabIndex={0}
              aria-label={t('bookBalance.listTitle')}
              className="relative max-h-96 divide-y overflow-y-auto rounded-md border"
              data-testid="book-balance-list"
            >
              {users.data.map((user) => (
                <li key={user.userId} className="flex items-center justify-between gap-3 p-3">
                  <div className="grid min-w-0 gap-0.5 text-sm">
                    <span className="truncate font-medium" title={user.email}>
                      <bdi dir="ltr">{user.email}</bdi>
                    </span>
                    <span className="text-muted-foreground">
                      {t('bookBalance.accountNumber')}:{' '}
                      {user.accountNumber ? (
                        <bdi dir="ltr" className="font-mono">
                          {user.accountNumber}
                        </bdi>
                      ) : (
                        <span>{t('bookBalance.notAssigned')}</span>
                      )}
                    </span>
                  </div>
                  <span className="shrink-0 font-semibold tabular-nums">
                    {formatUsd(user.bookBalance)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
