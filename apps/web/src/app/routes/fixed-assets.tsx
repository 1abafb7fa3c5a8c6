// /fixed-assets (SPEC §2, §8, §9; DESIGN §5): pick a holding and a term from the table, fix it
// for 1, 3, 6 or 12 months, with the how-it-works notes beside; below, the customer's active and
// matured terms and the cash their profits are paid into. Back to /dashboard.
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { FixedHowItWorks } from '@/features/custody/components/fixed-how-it-works';
import { FixedTermForm } from '@/features/custody/components/fixed-term-form';
import { FixedTermList } from '@/features/custody/components/fixed-term-list';

// Loaded with the page, so the picker and the lists never wait on (and flash for) a catalog.
const pageNamespaces = ['custody', 'catalogue', 'vault', 'auth'];

export default function FixedAssetsRoute() {
  const { t } = useTranslation(pageNamespaces);
  usePageTitle(t('fixed.page.title'));

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
          <Link to={paths.dashboard}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('fixed.page.back')}
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('fixed.page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('fixed.page.description')}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FixedTermForm />
        <FixedHowItWorks />
      </div>
      <FixedTermList />
    </div>
  );
}
