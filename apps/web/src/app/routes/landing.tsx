// The home page. It is on the first-load budget, so it uses only small icons and CSS shapes.
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import {
  ArrowRight,
  Check,
  Coins,
  Landmark,
  type LucideIcon,
  MessageSquare,
  ShieldCheck,
  Smartphone,
  Sparkles,
} from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { SectionIntro, sectionHeadingClass } from '@/features/marketing/components/section-intro';

// The glows and the grid are pseudo-elements rather than extra elements, so they stay out of the
// accessibility tree and axe can still work out the real background behind the text.
const heroClass = [
  'relative isolate overflow-hidden',
  'before:absolute before:inset-x-0 before:-top-56 before:-z-10 before:mx-auto before:h-[34rem] before:w-[min(68rem,160%)] before:rounded-full before:bg-accent/15 before:blur-3xl dark:before:bg-accent/10',
  'after:absolute after:inset-0 after:-z-20 after:bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] after:bg-size-[4rem_4rem] after:opacity-60 after:[mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]',
].join(' ');

const ctaClass = [
  'relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12 dark:border dark:bg-card dark:text-card-foreground',
  'before:absolute before:inset-x-0 before:-top-32 before:-z-10 before:mx-auto before:h-64 before:w-[min(40rem,100%)] before:rounded-full before:bg-accent/30 before:blur-3xl dark:before:bg-accent/15',
].join(' ');

const signUp = { pathname: paths.auth, search: '?tab=sign-up' };

const trustKeys = ['takaful', 'surveillance', 'bilingual'] as const;

const exploreLinks: { key: string; to: string; icon: LucideIcon }[] = [
  { key: 'whatWeDo', to: paths.whatWeDo, icon: ShieldCheck },
  { key: 'about', to: paths.about, icon: Landmark },
  { key: 'contact', to: paths.contact, icon: MessageSquare },
];

const highlights: { key: string; icon: LucideIcon }[] = [
  { key: 'custody', icon: ShieldCheck },
  { key: 'trading', icon: Coins },
  { key: 'access', icon: Smartphone },
];

export default function LandingRoute() {
  const { t } = useTranslation('landing');
  usePageTitle(t('pageTitle'));
  return (
    <>
      <section className={heroClass}>
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-14 sm:pt-20 sm:pb-20">
          <div className="grid items-center gap-12 lg:grid-cols-[1.15fr_0.85fr]">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-accent/40 bg-card/80 px-3 py-1 text-sm font-medium text-accent-strong shadow-sm">
                <Sparkles aria-hidden className="size-4" />
                {t('hero.badge')}
              </p>
              <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl rtl:tracking-normal">
                {t('hero.title')}
              </h1>
              <p className="mt-5 text-xl font-medium text-accent-strong sm:text-2xl">
                {t('hero.subtitle')}
              </p>
              <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
                {t('hero.description')}
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg" variant="accent">
                  <Link to={paths.auth}>
                    {t('hero.access')}
                    <ArrowRight aria-hidden className="rtl:rotate-180" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to={signUp}>{t('hero.createAccount')}</Link>
                </Button>
              </div>
              <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
                {trustKeys.map((key) => (
                  <li key={key} className="flex items-center gap-2">
                    <Check aria-hidden className="size-4 text-accent-strong" />
                    {t(`hero.trust.${key}`)}
                  </li>
                ))}
              </ul>
            </div>
            <VaultDoor />
          </div>
          <nav aria-label={t('explore.label')} className="mt-14 sm:mt-16">
            <ul className="grid gap-3 sm:grid-cols-3">
              {exploreLinks.map(({ key, to, icon: Icon }) => (
                <li key={key}>
                  <Link
                    to={to}
                    className="group flex h-full items-center gap-4 rounded-lg border bg-card/90 p-4 shadow-sm transition-colors hover:border-accent"
                  >
                    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent/15 text-accent-strong">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold">{t(`explore.${key}.title`)}</span>
                      <span className="block text-sm text-muted-foreground">
                        {t(`explore.${key}.description`)}
                      </span>
                    </span>
                    <ArrowRight
                      aria-hidden
                      className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-accent-strong rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <section aria-labelledby="highlights-title" className="border-t bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <SectionIntro
            id="highlights-title"
            title={t('highlights.title')}
            subtitle={t('highlights.subtitle')}
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {highlights.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-lg border bg-card p-6 shadow-sm sm:p-8">
                <span className="inline-flex size-12 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{t(`highlights.${key}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">
                  {t(`highlights.${key}.description`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className={ctaClass}>
          <h2 id="cta-title" className={sectionHeadingClass}>
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-primary-foreground/85 dark:text-muted-foreground">
            {t('cta.description')}
          </p>
          <Button asChild size="lg" variant="accent" className="mt-8">
            <Link to={signUp}>
              {t('cta.button')}
              <ArrowRight aria-hidden className="rtl:rotate-180" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}

const boltAngles = Array.from({ length: 16 }, (_, index) => index * 22.5);

/** A stylised vault door drawn with a few SVG shapes, with two facts pinned to it. */
function VaultDoor() {
  const { t } = useTranslation('landing');
  return (
    <div className="relative mx-auto hidden w-full max-w-sm lg:block">
      <svg viewBox="0 0 240 240" className="w-full drop-shadow-xl" aria-hidden>
        <circle cx="120" cy="120" r="116" className="fill-card stroke-border" strokeWidth="2" />
        <circle cx="120" cy="120" r="98" className="fill-none stroke-accent" strokeWidth="2" />
        {boltAngles.map((angle) => (
          <circle
            key={angle}
            cx="120"
            cy="13"
            r="3.5"
            className="fill-accent"
            transform={`rotate(${angle} 120 120)`}
          />
        ))}
        <circle cx="120" cy="120" r="84" className="fill-muted stroke-border" strokeWidth="2" />
        <circle
          cx="120"
          cy="120"
          r="62"
          className="fill-none stroke-accent/60"
          strokeWidth="1.5"
          strokeDasharray="2 6"
        />
        {[0, 120, 240].map((angle) => (
          <g key={angle} transform={`rotate(${angle} 120 120)`}>
            <line
              x1="120"
              y1="120"
              x2="120"
              y2="68"
              className="stroke-primary"
              strokeWidth="9"
              strokeLinecap="round"
            />
            <circle cx="120" cy="66" r="8" className="fill-accent" />
          </g>
        ))}
        <circle cx="120" cy="120" r="22" className="fill-primary" />
        <circle cx="120" cy="120" r="9" className="fill-accent dark:fill-card" />
      </svg>
      <p className="absolute top-6 -start-6 rounded-lg border bg-card px-4 py-3 shadow-lg">
        <span className="block text-2xl font-bold text-accent-strong">
          <span dir="ltr">{t('visual.years.value')}</span>
        </span>
        <span className="block text-sm text-muted-foreground">{t('visual.years.label')}</span>
      </p>
      <p className="absolute -end-4 bottom-6 rounded-lg border bg-card px-4 py-3 shadow-lg">
        <span className="block text-2xl font-bold text-accent-strong">
          <span dir="ltr">{t('visual.coverage.value')}</span>
        </span>
        <span className="block text-sm text-muted-foreground">{t('visual.coverage.label')}</span>
      </p>
    </div>
  );
}
