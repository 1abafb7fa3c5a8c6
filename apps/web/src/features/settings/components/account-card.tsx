// SPEC §2 Settings: the read-only email and the customer's 10-digit account number (the one the
// dashboard and staff's Users tab show), with a copy button. The account's internal ID (a UUID)
// is for the system, not the customer, so it is not shown.
import { Copy } from 'lucide-react';
import type { Session } from '@secure-vault/shared/auth';
import * as vault from '@secure-vault/shared/vault/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { copyText } from '../copy-text';
import { cardTitleClass } from './section';

function AccountNumber() {
  const { t } = useTranslation('settings');
  const profile = useApiQuery(vault.getProfile);
  if (profile.isError) {
    return (
      <LoadError inline onRetry={() => void profile.refetch()} isRetrying={profile.isFetching}>
        {t('account.numberLoadFailed')}
      </LoadError>
    );
  }
  if (!profile.data) return <Skeleton className="h-9 w-full" />;
  const number = profile.data.accountNumber;
  if (!number) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="account-number-none">
        {t('account.numberNone')}
      </p>
    );
  }
  return (
    <div className="flex gap-2">
      <Input
        id="account-number"
        readOnly
        dir="ltr"
        value={number}
        className="bg-muted font-mono rtl:text-right"
      />
      <Tooltip content={t('account.copyNumber')}>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('account.copyNumber')}
          onClick={async () => {
            if (await copyText(number)) toast.success(t('account.numberCopied'));
          }}
        >
          <Copy aria-hidden />
        </Button>
      </Tooltip>
    </div>
  );
}

export function AccountCard({ session }: { session: Session }) {
  const { t } = useTranslation('settings');
  return (
    <Card>
      <CardHeader>
        <h2 className={cardTitleClass}>{t('account.title')}</h2>
        <CardDescription>{t('account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="account-email">{t('account.email')}</Label>
          <Input
            id="account-email"
            readOnly
            dir="ltr"
            value={session.user.email}
            className="bg-muted"
          />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="account-number">{t('account.number')}</Label>
          <AccountNumber />
        </div>
      </CardContent>
    </Card>
  );
}
