// Password Reset (SPEC §2 tab 5): the reset form and a security note. Unlike SPEC (DESIGN), the
// customer's sessions end and they are emailed, and the note tells staff so.
import { ShieldAlert } from 'lucide-react';
import * as admin from '@secure-vault/shared/admin/contracts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { PasswordResetForm } from './password-reset-form';

function SecurityNote() {
  const { t } = useTranslation('admin');
  return (
    <Card role="note" aria-labelledby="password-reset-note" data-testid="password-reset-note">
      <CardHeader>
        <h3
          id="password-reset-note"
          className="flex items-center gap-2 text-lg font-semibold leading-tight"
        >
          <ShieldAlert aria-hidden className="size-5 text-accent-strong" />
          {t('passwordReset.note.title')}
        </h3>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 ps-5 text-sm text-muted-foreground">
          <li>{t('passwordReset.note.sessions')}</li>
          <li>{t('passwordReset.note.email')}</li>
          <li>{t('passwordReset.note.handover')}</li>
          <li>{t('passwordReset.note.audit')}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

export function PasswordResetTab() {
  const { t } = useTranslation('admin');
  const users = useApiQuery(admin.getUsers);

  if (!users.data) {
    return users.isError ? (
      <LoadError onRetry={() => void users.refetch()} isRetrying={users.isFetching}>
        {t('users.loadError')}
      </LoadError>
    ) : (
      <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <PasswordResetForm users={users.data} />
      <SecurityNote />
    </div>
  );
}
