// Book Balance (SPEC §2, §5; DESIGN §5): propose a customer's balance (user and amount required,
// step 0.01), which another staff member approves in Approvals, and every user with their balance
// ("Not assigned" without an account number), pending ones with who recorded them.
import * as admin from '@secure-vault/shared/admin/contracts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { BookBalanceForm } from './book-balance-form';
import { BookBalanceList } from './book-balance-list';

export function BookBalanceTab() {
  const { t } = useTranslation(['admin', 'vault']);
  const users = useApiQuery(admin.getUsers);

  if (!users.data) {
    return users.isError ? (
      <LoadError onRetry={() => void users.refetch()} isRetrying={users.isFetching}>
        {t('users.loadError')}
      </LoadError>
    ) : (
      <div className="grid gap-6 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]" aria-busy="true">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <BookBalanceForm users={users.data} />
      <Card>
        <CardHeader>
          <h3 className="text-lg font-semibold leading-tight">{t('bookBalance.listTitle')}</h3>
        </CardHeader>
        <CardContent>
          {users.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('users.empty')}</p>
          ) : (
            <BookBalanceList users={users.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
