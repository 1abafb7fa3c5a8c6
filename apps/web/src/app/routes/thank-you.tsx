import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { CheckCircle2, Mail, Phone, Timer } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';
import { contactDetails } from '@/features/marketing/contact-details';

export default function ThankYouRoute() {
  const { t } = useTranslation('contact');
  usePageTitle(t('thankYou.title'));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CheckCircle2 aria-hidden className="size-9" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('thankYou.title')}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t('thankYou.sent')}</p>
      <Card className="mt-10 w-full text-start">
        <CardContent className="grid gap-5 pt-6">
          <p className="flex gap-3">
            <Timer aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-strong" />
            <span>{t('thankYou.reply')}</span>
          </p>
          <p className="flex gap-3">
            <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-strong" />
            <span>{t('thankYou.confirmation')}</span>
          </p>
          <p className="flex gap-3">
            <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-strong" />
            <span>
              {t('thankYou.callUs')}{' '}
              <a
                href={`tel:${contactDetails.phone.replace(/\s/g, '')}`}
                dir="ltr"
                className="font-semibold underline-offset-4 hover:underline"
              >
                {contactDetails.phone}
              </a>
            </span>
          </p>
        </CardContent>
      </Card>
      <Button asChild size="lg" className="mt-10">
        <Link to={paths.home}>{t('thankYou.home')}</Link>
      </Button>
    </section>
  );
}
