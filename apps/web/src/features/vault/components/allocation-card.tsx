// SPEC §9 net worth split by item type (positive values only), as a legend with exact figures and
// a lazily loaded donut.
import { lazy, Suspense, useMemo } from 'react';
import { ChartPie } from 'lucide-react';
import { dec } from '@secure-vault/shared/money';
import type { Summary } from '@secure-vault/shared/vault';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { localeOf } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { formatUsd, isPositiveAmount } from '@/lib/money';

const AllocationChart = lazy(() => import('./allocation-chart'));

// Mid-tone colours that read on both the light and the dark card.
const palette = [
  'oklch(0.7 0.13 80)',
  'oklch(0.6 0.13 250)',
  'oklch(0.65 0.12 170)',
  'oklch(0.6 0.16 300)',
  'oklch(0.65 0.16 20)',
  'oklch(0.65 0.14 140)',
  'oklch(0.7 0.15 50)',
  'oklch(0.68 0.1 220)',
  'oklch(0.6 0.03 255)',
  'oklch(0.62 0.17 340)',
  'oklch(0.72 0.14 110)',
  'oklch(0.55 0.1 200)',
];

export function AllocationCard({ allocation }: { allocation: Summary['allocation'] }) {
  const { t } = useTranslation('vault');
  const language = currentLanguage();
  const slices = useMemo(() => {
    const positive = allocation.filter((entry) => isPositiveAmount(entry.value));
    // The share is worked out exactly (DESIGN §2); only the chart's drawing weight and the
    // share handed to Intl for a rounded percentage become numbers.
    const total = positive.reduce((sum, entry) => sum.plus(entry.value), dec(0));
    return positive.map((entry, index) => ({
      key: entry.itemType,
      value: entry.value,
      weight: Number(entry.value),
      share: total.isZero() ? 0 : dec(entry.value).dividedBy(total).toNumber(),
      color: palette[index % palette.length] ?? 'gray',
    }));
  }, [allocation]);
  const percent = useMemo(
    () => new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }),
    [language],
  );
  if (slices.length === 0) return null;

  return (
    <Card data-testid="allocation">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <ChartPie aria-hidden className="size-5 text-accent-strong" />
          {t('allocation.title')}
        </h2>
        <CardDescription>{t('allocation.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
        {/* inert: the chart repeats the legend, and recharts makes its drawing focusable. */}
        <div inert className="size-44 shrink-0" data-testid="allocation-chart">
          <Suspense fallback={<Skeleton className="size-44 rounded-full" />}>
            <AllocationChart slices={slices} />
          </Suspense>
        </div>
        <ul className="grid w-full max-w-md gap-2 text-sm">
          {slices.map((slice) => (
            <li key={slice.key} className="flex min-w-0 items-center gap-2">
              <span
                aria-hidden
                className="size-3 shrink-0 rounded-sm"
                // A data colour, which Tailwind cannot know ahead of time.
                style={{ backgroundColor: slice.color }}
              />
              <span className="min-w-0 flex-1 truncate">{t(`itemTypes.${slice.key}`)}</span>
              <span className="shrink-0 tabular-nums font-medium">{formatUsd(slice.value)}</span>
              <span className="w-14 shrink-0 text-end tabular-nums text-muted-foreground">
                {percent.format(slice.share)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
