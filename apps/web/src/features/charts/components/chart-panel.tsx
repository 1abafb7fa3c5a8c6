// A chart's card: its heading, the range buttons, how it moved over the range, and the drawing
// with its legend and table view, or what stands in for them while the range loads, when it
// could not be read, or when it has no points yet. The drawing is named by the range's summary.
import { lazy, type ReactNode, Suspense } from 'react';
import { directionOf } from '@secure-vault/shared/i18n';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatAxisUsd, formatTick } from '../chart-format';
import type { ChartRow, ChartSeries } from '../chart-model';
import type { ChartSummary } from '../chart-summary';
import { ChartTable } from './chart-table';
import { Gain } from './gain';

const TimeSeriesPlot = lazy(() => import('./time-series-plot'));

/** What the card needs of the range's query. */
export interface ChartQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ChartPanelProps {
  testId: string;
  title: string;
  description: string;
  /** The range buttons. */
  picker: ReactNode;
  query: ChartQuery;
  rows: ChartRow[];
  series: ChartSeries[];
  /** Null with no points. */
  summary: ChartSummary | null;
  loadFailed: string;
  empty: string;
  tableCaption: string;
}

export function ChartPanel({ testId, title, description, picker, ...body }: ChartPanelProps) {
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <h2 className="text-lg font-semibold leading-tight">{title}</h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {picker}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ChartBody {...body} />
      </CardContent>
    </Card>
  );
}

const plotHeight = 'h-60';

function ChartBody({
  query,
  rows,
  series,
  summary,
  loadFailed,
  empty,
  tableCaption,
}: Omit<ChartPanelProps, 'testId' | 'title' | 'description' | 'picker'>) {
  const { t } = useTranslation('charts');
  const language = currentLanguage();
  const isRtl = directionOf(language) === 'rtl';
  if (query.isPending) {
    return (
      <div role="status" data-testid="chart-loading">
        <span className="sr-only">{t('loading')}</span>
        <Skeleton className={plotHeight} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching}>
        {loadFailed}
      </LoadError>
    );
  }
  if (rows.length === 0 || !summary) {
    return (
      <p
        className={cn(
          plotHeight,
          'flex items-center justify-center rounded-md border border-dashed px-4 text-center text-sm text-muted-foreground',
        )}
        data-testid="chart-empty"
      >
        {empty}
      </p>
    );
  }
  const span = (rows.at(-1)?.at ?? 0) - (rows[0]?.at ?? 0);
  return (
    <figure
      className={cn('grid gap-3', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isPlaceholderData}
    >
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Gain direction={summary.direction} text={summary.changeText} />
        <span className="sr-only" data-testid="chart-summary">
          {summary.label}
        </span>
        {series.length > 1 ? <Legend series={series} /> : null}
      </figcaption>
      {/* Left to right inside, as the drawing's own coordinates are; RTL is the axis's reversal
          (an SVG label's "start" would otherwise be its right side and run into the plot). */}
      <div dir="ltr" data-testid="chart-plot" data-reversed={isRtl}>
        <Suspense fallback={<Skeleton className={plotHeight} />}>
          <TimeSeriesPlot
            rows={rows}
            series={series}
            isRtl={isRtl}
            label={summary.label}
            formatTick={(at) => formatTick(at, span, language)}
            formatAxis={(value) => formatAxisUsd(value, language)}
          />
        </Suspense>
      </div>
      <ChartTable rows={rows} series={series} caption={tableCaption} />
    </figure>
  );
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground" aria-hidden>
      {series.map((line) => (
        <li key={line.key} className="inline-flex items-center gap-1.5">
          <span
            className="size-2.5 rounded-full"
            // A design token, which the series names.
            style={{ backgroundColor: line.color }}
          />
          {line.label}
        </li>
      ))}
    </ul>
  );
}
