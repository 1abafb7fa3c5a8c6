// The customer's registered bank accounts on /withdrawal (SPEC §2, DESIGN §5): bank, account name
// and the number and IBAN masked to their last four, each removable after a confirmation.
import { Landmark, Trash2 } from 'lucide-react';
import type { BankAccount } from '@secure-vault/shared/banking';
import * as banking from '@secure-vault/shared/banking/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { maskAccount } from '../mask';

export function BankAccountList({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation('banking');
  return (
    <ul className="grid gap-3" aria-label={t('accounts.title')}>
      {accounts.map((account) => (
        <li
          key={account.id}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
        >
          <Landmark aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="font-medium break-words">
              <bdi>{account.bankName}</bdi>
            </p>
            <p className="text-sm break-words text-muted-foreground">
              <bdi>{account.accountName}</bdi>
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
              <span>
                {t('accounts.number')}{' '}
                <bdi dir="ltr" className="font-mono">
                  {maskAccount(account.accountNumber)}
                </bdi>
              </span>
              <span>
                {t('accounts.iban')}{' '}
                <bdi dir="ltr" className="font-mono">
                  {maskAccount(account.iban)}
                </bdi>
              </span>
            </p>
          </div>
          <RemoveButton account={account} />
        </li>
      ))}
    </ul>
  );
}

function RemoveButton({ account }: { account: BankAccount }) {
  const { t } = useTranslation(['banking', 'auth']);
  const remove = useApiMutation(banking.deleteBankAccount);
  const onConfirm = () =>
    remove.mutate(
      { params: { id: account.id } },
      {
        onSuccess: () => toast.success(t('remove.success')),
        onError: (error) =>
          toast.error(t('remove.failed'), {
            description: apiErrorText(t, error, t('remove.failedFallback')),
          }),
      },
    );
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={remove.isPending}>
          <Trash2 aria-hidden className="size-4" />
          <span>
            {t('remove.button')}
            <span className="sr-only">
              {' '}
              <bdi>{account.bankName}</bdi> {maskAccount(account.accountNumber)}
            </span>
          </span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('remove.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('remove.description', {
              bank: account.bankName,
              number: maskAccount(account.accountNumber),
            })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('remove.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('remove.confirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
