// The vault's value over a range, on the dashboard: its cash, listed assets and custody items as
// stacked areas, and the value they make together as the line on top.
import { useMemo, useState } from 'react';
import {
  type PortfolioHistory,
  type PortfolioRange,
  portfolioRanges,
} from '@secure-vault/shared/performance';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { usePortfolioHistory } from '../api/get-portfolio-history';
import { formatPointTime, hasHoursBetween } from '../chart-format';
import type { ChartRow, ChartSeries } from '../chart-model';
import { summarise } from '../chart-summary';
import { ChartPanel } from './chart-panel';
import { RangePicker } from './range-picker';

const parts = ['cash', 'assets', 'custody'] as const;
// Design tokens, so the areas read in both themes; the legend and the table name them.
const partColors = {
  cash: 'var(--muted-foreground)',
  assets: 'var(--accent)',
  custody: 'var(--success)',
};

function rowsOf(points: PortfolioHistory['points']): ChartRow[] {
  const hasHours = hasHoursBetween(points);
  return points.map((point) => ({
    at: Date.parse(point.at),
    iso: point.at,
    amounts: { value: point.value, cash: point.cash, assets: point.assets, custody: point.custody },
    values: {
      value: Number(point.value),
      cash: Number(point.cash),
      assets: Number(point.assets),
      custody: Number(point.custody),
    },
    texts: {
      at: formatPointTime(point.at, hasHours),
      value: formatUsd(point.value),
      cash: formatUsd(point.cash),
      assets: formatUsd(point.assets),
      custody: formatUsd(point.custody),
    },
  }));
}

export function PortfolioChart() {
  const { t } = useTranslation('charts');
  const [range, setRange] = useState<PortfolioRange>('1m');
  const query = usePortfolioHistory(range);
  const points = query.data?.points;
  const shownRange = query.data?.range ?? range;
  const model = useMemo(() => {
    if (!points) return { rows: [], series: [], summary: null };
    const series: ChartSeries[] = [
      // The foreground, which no part shares in either theme (primary is the accent's gold in dark).
      { key: 'value', label: t('portfolio.value'), color: 'var(--foreground)' },
      ...parts.map((part) => ({
        key: part,
        label: t(`portfolio.${part}`),
        color: partColors[part],
        isStacked: true,
      })),
    ];
    const rows = rowsOf(points);
    const summary = summarise(t, {
      rows,
      key: 'value',
      subject: t('portfolio.subject'),
      range: t(`ranges.${shownRange}.long`),
    });
    return { rows, series, summary };
  }, [points, shownRange, t]);

  return (
    <ChartPanel
      testId="portfolio-chart"
      title={t('portfolio.title')}
      description={t('portfolio.description')}
      picker={
        <RangePicker
          ranges={portfolioRanges}
          value={range}
          onChange={setRange}
          label={t('portfolio.rangeLabel')}
        />
      }
      query={query}
      rows={model.rows}
      series={model.series}
      summary={model.summary}
      loadFailed={t('portfolio.loadFailed')}
      empty={t('portfolio.empty')}
      tableCaption={t('portfolio.tableCaption')}
    />
  );
}
