// /dashboard (SPEC §2). For now the signed-in header and a welcome; the vault itself (valuables,
// balances, quick actions) arrives with its own feature work. No invented figures are shown.
import { Link } from 'react-router';
import { Settings, Vault } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/auth/get-session';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';

export default function DashboardRoute() {
  const { t } = useTranslation('app');
  usePageTitle(t('dashboard.title'));
  const { data: session } = useSession();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('dashboard.title')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('dashboard.welcome')}{' '}
          <bdi dir="ltr" className="font-medium text-foreground">
            {session?.user.email}
          </bdi>
        </p>
      </div>
      <Card>
        <div className="flex flex-col items-center gap-4 p-8 text-center sm:p-12">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-accent-strong">
            <Vault aria-hidden className="size-7" />
          </span>
          <h2 className="text-xl font-semibold">{t('dashboard.emptyTitle')}</h2>
          <p className="max-w-lg text-muted-foreground">{t('dashboard.emptyBody')}</p>
          <Button asChild variant="outline">
            <Link to={paths.settings}>
              <Settings aria-hidden />
              {t('dashboard.settingsLink')}
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
