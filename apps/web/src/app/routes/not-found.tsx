import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

export default function NotFoundRoute() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  usePageTitle(t('notFound.title'));
  useEffect(() => {
    console.error('404: a visitor opened a path that does not exist:', pathname);
  }, [pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-bold tracking-tight text-accent-strong" aria-hidden>
        404
      </p>
      <h1 className="text-3xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-lg text-muted-foreground">{t('notFound.subtitle')}</p>
      <Button asChild size="lg">
        <Link to={paths.home}>{t('notFound.home')}</Link>
      </Button>
    </section>
  );
}
