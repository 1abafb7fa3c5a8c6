// /verify (issue 15 item 5): anyone, signed in or not, drops a Secure Vault statement or proof of
// holdings here to check its signature, and finds the public key to check one offline.
import { Link } from 'react-router';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import * as statements from '@secure-vault/shared/statements/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { apiUrl } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { DocumentVerifier } from '@/features/statements/components/document-verifier';

export default function VerifyRoute() {
  const { t } = useTranslation(['statements', 'common']);
  usePageTitle(t('verify.pageTitle'));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <Button asChild variant="ghost" size="sm" className="mb-6 -ms-3">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t('common:actions.backToHome')}
        </Link>
      </Button>
      <header className="mb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-strong">
          {t('verify.eyebrow')}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('verify.title')}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{t('verify.subtitle')}</p>
      </header>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <DocumentVerifier />
        </CardContent>
      </Card>
      <section
        aria-labelledby="verify-offline-title"
        className="mt-8 flex gap-3 rounded-lg border bg-muted/40 p-4 text-sm sm:p-6"
      >
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <div className="grid gap-1">
          <h2 id="verify-offline-title" className="font-semibold">
            {t('verify.offline.title')}
          </h2>
          <p className="text-muted-foreground">{t('verify.offline.body')}</p>
          <p>
            <a
              href={apiUrl(statements.getSigningKey)}
              className="font-medium text-accent-strong underline underline-offset-4 hover:no-underline"
              data-testid="verify-public-key"
            >
              {t('verify.offline.link')}
            </a>
          </p>
        </div>
      </section>
    </div>
  );
}
