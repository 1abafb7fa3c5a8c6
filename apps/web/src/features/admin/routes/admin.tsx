// /admin (SPEC §2): staff only (the route sits behind the admin guard, and the server checks
// again). The panel's tabs arrive with their own feature work; this is the frame they go in.
import { Link } from 'react-router';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';

export default function AdminRoute() {
  const { t } = useTranslation('app');
  usePageTitle(t('admin.title'));
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('admin.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('admin.subtitle')}</p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('admin.backToDashboard')}
          </Link>
        </Button>
      </div>
      <Card>
        <div className="flex flex-col items-center gap-4 p-8 text-center sm:p-12">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-accent-strong">
            <ShieldCheck aria-hidden className="size-7" />
          </span>
          <h2 className="text-xl font-semibold">{t('admin.emptyTitle')}</h2>
          <p className="max-w-lg text-muted-foreground">{t('admin.emptyBody')}</p>
        </div>
      </Card>
    </div>
  );
}
