import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import {
  ArrowLeft,
  ArrowRight,
  CircleCheck,
  Clock,
  Coins,
  KeyRound,
  type LucideIcon,
  Mail,
  MapPin,
  Palette,
  Phone,
  Sparkles,
} from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { contactDetails } from '@/features/marketing/contact-details';
import { SectionIntro, sectionHeadingClass } from '@/features/marketing/components/section-intro';

const facts = ['founded', 'experience', 'coverage'] as const;

const services: { key: string; icon: LucideIcon }[] = [
  { key: 'metals', icon: Coins },
  { key: 'art', icon: Palette },
  { key: 'digital', icon: KeyRound },
];

const serviceTraits = ['first', 'second', 'third'] as const;

const reasons = ['trust', 'insured', 'sharia', 'security', 'privacy', 'bilingual'] as const;

// The glows are pseudo-elements rather than extra elements, so they stay out of the DOM.
const heroClass = [
  'relative isolate overflow-hidden',
  'before:absolute before:inset-x-0 before:-top-56 before:-z-10 before:mx-auto before:h-[30rem] before:w-[min(64rem,160%)] before:rounded-full before:bg-accent/15 before:blur-3xl dark:before:bg-accent/10',
].join(' ');

const reachClass = [
  'relative isolate overflow-hidden bg-primary p-6 text-primary-foreground sm:p-10 dark:bg-muted dark:text-foreground',
  'before:absolute before:-end-24 before:-bottom-24 before:-z-10 before:size-72 before:rounded-full before:bg-accent/25 before:blur-3xl dark:before:bg-accent/15',
].join(' ');

export default function AboutRoute() {
  // The contact namespace holds the headquarters address, so it is not repeated here.
  const { t } = useTranslation(['about', 'contact']);
  usePageTitle(t('pageTitle'));
  return (
    <>
      <section aria-labelledby="about-title" className={heroClass}>
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <Button asChild variant="ghost" size="sm" className="mb-8 -ms-3">
            <Link to={paths.home}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t('common:actions.backToHome')}
            </Link>
          </Button>
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center gap-2 rounded-full border border-accent/40 bg-card/80 px-3 py-1 text-sm font-medium text-accent-strong shadow-sm">
              <Sparkles aria-hidden className="size-4" />
              {t('hero.eyebrow')}
            </p>
            <h1
              id="about-title"
              className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl rtl:tracking-normal"
            >
              {t('hero.tagline')}
            </h1>
            <p className="mt-6 text-lg leading-relaxed text-muted-foreground sm:text-xl">
              {t('hero.subtitle')}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="story-title" className="mx-auto max-w-6xl px-4 pb-16 sm:pb-24">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:items-center lg:gap-16">
          <div>
            <h2 id="story-title" className={sectionHeadingClass}>
              {t('story.title')}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{t('story.first')}</p>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
              {t('story.second')}
            </p>
          </div>
          <ul className="grid gap-6 rounded-2xl bg-primary p-6 text-primary-foreground shadow-lg sm:grid-cols-3 sm:p-8 lg:grid-cols-1 dark:border dark:bg-card dark:text-card-foreground">
            {facts.map((key) => (
              <li key={key} className="border-s-2 border-accent ps-4">
                <span className="block text-4xl font-bold tracking-tight text-accent dark:text-accent-strong">
                  <span dir="ltr">{t(`story.facts.${key}.value`)}</span>
                </span>
                <span className="mt-1 block text-sm">{t(`story.facts.${key}.label`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="services-title" className="border-y bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <SectionIntro
            id="services-title"
            title={t('services.title')}
            subtitle={t('services.subtitle')}
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {services.map(({ key, icon: Icon }) => (
              <li
                key={key}
                className="flex flex-col rounded-lg border bg-card p-6 shadow-sm sm:p-8"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{t(`services.${key}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">
                  {t(`services.${key}.description`)}
                </p>
                <ul className="mt-5 grid gap-2 border-t pt-5 text-sm">
                  {serviceTraits.map((trait) => (
                    <li key={trait} className="flex gap-2">
                      <CircleCheck
                        aria-hidden
                        className="mt-0.5 size-4 shrink-0 text-accent-strong"
                      />
                      {t(`services.${key}.traits.${trait}`)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="reasons-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
          <div>
            <h2 id="reasons-title" className={sectionHeadingClass}>
              {t('reasons.title')}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{t('reasons.subtitle')}</p>
          </div>
          <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
            {reasons.map((key) => (
              <li key={key} className="flex gap-4">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent-strong">
                  <CircleCheck aria-hidden className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold">{t(`reasons.${key}.title`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                    {t(`reasons.${key}.description`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="reach-title" className="mx-auto max-w-6xl px-4 pb-16 sm:pb-24">
        <div className="grid overflow-hidden rounded-2xl border bg-card shadow-sm lg:grid-cols-2">
          <div className={reachClass}>
            <h2 id="reach-title" className={sectionHeadingClass}>
              {t('reach.title')}
            </h2>
            <p className="mt-4 text-lg text-primary-foreground/85 dark:text-muted-foreground">
              {t('reach.subtitle')}
            </p>
            <Button asChild size="lg" variant="accent" className="mt-8">
              <Link to={paths.contact}>
                {t('reach.button')}
                <ArrowRight aria-hidden className="rtl:rotate-180" />
              </Link>
            </Button>
          </div>
          <address className="grid content-center gap-6 p-6 not-italic sm:p-10">
            <ContactLine icon={MapPin} label={t('reach.address')}>
              {t('contact:details.address')}
            </ContactLine>
            <ContactLine icon={Phone} label={t('reach.phone')}>
              <a
                href={`tel:${contactDetails.phone.replace(/\s/g, '')}`}
                dir="ltr"
                className="underline-offset-4 hover:underline"
              >
                {contactDetails.phone}
              </a>
            </ContactLine>
            <ContactLine icon={Mail} label={t('reach.email')}>
              <a
                href={`mailto:${contactDetails.email}`}
                dir="ltr"
                className="underline-offset-4 [overflow-wrap:anywhere] hover:underline"
              >
                {contactDetails.email}
              </a>
            </ContactLine>
            <ContactLine icon={Clock} label={t('reach.hours')}>
              {t('contact:details.hours')}
            </ContactLine>
          </address>
        </div>
      </section>
    </>
  );
}

function ContactLine({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <p className="flex gap-3 sm:gap-4">
      <span className="inline-flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-lg bg-accent/15 text-accent-strong">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-muted-foreground">{label}</span>
        <span className="mt-0.5 block text-[0.9375rem] sm:text-base">{children}</span>
      </span>
    </p>
  );
}
