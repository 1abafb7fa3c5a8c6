// Book Balance (SPEC §2, §5): set a customer's balance (user and amount required, step 0.01),
// and every user with their balance ("Not assigned" without an account number).
import { type FormEvent, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { type AdminUser, usdInputSchema } from '@secure-vault/shared/vault';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatUsd } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useUsers } from '../api/get-users';
import { useSetBookBalance } from '../api/set-book-balance';

export function BookBalanceTab() {
  const { t } = useTranslation(['admin', 'vault']);
  const users = useUsers();

  if (!users.data) {
    return users.isError ? (
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

function BookBalanceForm({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation(['admin', 'vault']);
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ field: 'user' | 'amount'; message: string } | null>(null);
  const save = useSetBookBalance();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !amount.trim()) {
      const message = t('bookBalance.required');
      setError({ field: userId ? 'amount' : 'user', message });
      toast.error(message);
      return;
    }
    const parsed = usdInputSchema.safeParse(amount);
    if (!parsed.success) {
      setError({ field: 'amount', message: t(parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setError(null);
    save.mutate(
      { userId, bookBalance: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('bookBalance.updated'));
          setAmount('');
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'NOT_FOUND') {
            toast.error(t('bookBalance.noProfileTitle'), {
              description: t('bookBalance.noProfileBody'),
            });
            return;
          }
          toast.error(t('bookBalance.error'), {
            description: apiErrorText(t, failure, t('bookBalance.tryAgain')),
          });
        },
      },
    );
  };

  return (
    <Card data-testid="book-balance-form">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <BookOpen aria-hidden className="size-5 text-accent-strong" />
          {t('bookBalance.title')}
        </h3>
        <CardDescription>{t('bookBalance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="book-balance-user"
            label={t('bookBalance.user')}
            error={error?.field === 'user' ? error.message : undefined}
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={userId}
                onChange={(event) => {
                  setUserId(event.target.value);
                  setError(null);
                }}
              >
                <option value="">{t('valuables.selectUser')}</option>
                {users.map((user) => (
                  <option key={user.userId} value={user.userId}>
                    {user.email}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            id="book-balance-amount"
            label={t('bookBalance.amount')}
            error={error?.field === 'amount' ? error.message : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                step="0.01"
                dir="ltr"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? (
                <Spinner label={t('bookBalance.submitting')} />
              ) : (
                t('bookBalance.submit')
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
