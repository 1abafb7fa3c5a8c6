import type { Session } from '@secure-vault/shared/auth';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { cardTitleClass } from './section';

/** SPEC §2 Settings: read-only email and account ID. The 10-digit account number arrives with the vault profile. */
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
        <div className="grid gap-2">
          <Label htmlFor="account-id">{t('account.id')}</Label>
          <Input
            id="account-id"
            readOnly
            dir="ltr"
            value={session.user.id}
            className="bg-muted font-mono text-xs sm:text-xs"
          />
        </div>
      </CardContent>
    </Card>
  );
}
