import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  Cctv,
  EyeOff,
  Layers,
  type LucideIcon,
  PackageOpen,
  Plane,
  ShieldCheck,
  Vault,
} from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { SectionIntro, sectionHeadingClass } from '@/features/marketing/components/section-intro';

// The glows are pseudo-elements rather than extra elements, so they stay out of the DOM.
const heroClass = [
  'relative isolate overflow-hidden',
  'before:absolute before:inset-x-0 before:-top-56 before:-z-10 before:mx-auto before:h-[30rem] before:w-[min(64rem,160%)] before:rounded-full before:bg-accent/15 before:blur-3xl dark:before:bg-accent/10',
].join(' ');

const ctaClass = [
  'relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12 dark:border dark:bg-card dark:text-card-foreground',
  'before:absolute before:inset-x-0 before:-top-32 before:-z-10 before:mx-auto before:h-64 before:w-[min(40rem,100%)] before:rounded-full before:bg-accent/30 before:blur-3xl dark:before:bg-accent/15',
].join(' ');

/** The two SPEC claims come first and are drawn larger than the supporting figures. */
const stats = [
  { key: 'arrival', isClaim: true },
  { key: 'coverage', isClaim: true },
  { key: 'surveillance', isClaim: false },
  { key: 'experience', isClaim: false },
] as const;

const features: { key: string; icon: LucideIcon }[] = [
  { key: 'custody', icon: ShieldCheck },
  { key: 'retrieval', icon: PackageOpen },
  { key: 'airside', icon: Plane },
  { key: 'zones', icon: Layers },
  { key: 'surveillance', icon: Cctv },
  { key: 'privacy', icon: EyeOff },
  { key: 'fortified', icon: Vault },
  { key: 'takaful', icon: BadgeCheck },
];

const pipelineSteps = ['reception', 'escort', 'checkIn', 'sealed'] as const;

export default function WhatWeDoRoute() {
  const { t } = useTranslation('what-we-do');
  usePageTitle(t('pageTitle'));
  return (
    <>
      <section aria-labelledby="what-we-do-title" className={heroClass}>
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <Button asChild variant="ghost" size="sm" className="mb-8 -ms-3">
            <Link to={paths.home}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t('common:actions.backToHome')}
            </Link>
          </Button>
          <div className="max-w-3xl">
            <p className="text-sm font-semibold tracking-wider text-accent-strong uppercase rtl:tracking-normal">
              {t('hero.eyebrow')}
            </p>
            <h1
              id="what-we-do-title"
              className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl rtl:tracking-normal"
            >
              {t('hero.title')}
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
              {t('hero.subtitle')}
            </p>
            <CallsToAction className="mt-8" />
          </div>
          <h2 className="sr-only">{t('stats.title')}</h2>
          <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {stats.map(({ key, isClaim }) => (
              <li
                key={key}
                className={cn(
                  'flex flex-col rounded-lg border p-6 shadow-sm',
                  isClaim
                    ? 'bg-primary text-primary-foreground dark:border-accent/50 dark:bg-accent/10 dark:text-foreground'
                    : 'bg-card',
                )}
              >
                <span className="flex flex-wrap items-baseline gap-x-2">
                  {key === 'arrival' ? (
                    <span className="text-lg font-semibold">{t('stats.arrival.prefix')}</span>
                  ) : null}
                  <span
                    dir="ltr"
                    className={cn(
                      'text-4xl font-bold tracking-tight tabular-nums sm:text-5xl',
                      isClaim ? 'text-accent dark:text-accent-strong' : 'text-accent-strong',
                    )}
                  >
                    {t(`stats.${key}.value`)}
                  </span>
                  {key === 'arrival' ? (
                    <span className="text-lg font-semibold">{t('stats.arrival.unit')}</span>
                  ) : null}
                </span>
                <span className="mt-3 text-sm leading-snug">{t(`stats.${key}.label`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-title" className="border-t bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <SectionIntro
            id="features-title"
            title={t('features.title')}
            subtitle={t('features.subtitle')}
          />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ key, icon: Icon }) => (
              <li
                key={key}
                className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:border-accent/60 sm:block sm:p-6"
              >
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent/15 text-accent-strong">
                  <Icon aria-hidden className="size-5" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold sm:mt-4">{t(`features.${key}.title`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground sm:mt-2">
                    {t(`features.${key}.description`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="pipeline-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <div>
            <h2 id="pipeline-title" className={sectionHeadingClass}>
              {t('pipeline.title')}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{t('pipeline.subtitle')}</p>
          </div>
          <ol className="relative grid gap-8 before:absolute before:inset-y-2 before:start-5 before:w-px before:bg-border">
            {pipelineSteps.map((key, index) => (
              <li key={key} className="relative flex gap-5">
                <span
                  aria-hidden
                  className="z-10 inline-flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-accent bg-background font-semibold text-accent-strong"
                >
                  {index + 1}
                </span>
                <div className="pt-1.5">
                  <h3 className="text-lg font-semibold">{t(`pipeline.steps.${key}.title`)}</h3>
                  <p className="mt-1 leading-relaxed text-muted-foreground">
                    {t(`pipeline.steps.${key}.description`)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-16 sm:pb-24">
        <div className={ctaClass}>
          <h2 id="cta-title" className={sectionHeadingClass}>
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-primary-foreground/85 dark:text-muted-foreground">
            {t('cta.description')}
          </p>
          <CallsToAction className="mt-8 justify-center" />
        </div>
      </section>
    </>
  );
}

function CallsToAction({ className }: { className?: string }) {
  const { t } = useTranslation('what-we-do');
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)}>
      <Button asChild size="lg" variant="accent">
        <Link to={paths.auth}>
          {t('cta.access')}
          <ArrowRight aria-hidden className="rtl:rotate-180" />
        </Link>
      </Button>
      {/* Set the text colour: on the navy band it would otherwise inherit light text on a light fill. */}
      <Button asChild size="lg" variant="outline" className="text-foreground">
        <Link to={paths.contact}>{t('cta.contact')}</Link>
      </Button>
    </div>
  );
}
