// An asset's price over a range, on its order screen: the sell price (what holdings are valued
// at), and the buy price as a second line only when the book has a spread in the range.
import { useMemo, useState } from 'react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { type PriceHistory, type PriceRange, priceRanges } from '@secure-vault/shared/prices';
import { useTranslation } from '@/lib/i18n';
import { usePriceHistory } from '../api/get-price-history';
import { formatAssetPrice, formatPointTime, hasHoursBetween } from '../chart-format';
import type { ChartRow, ChartSeries } from '../chart-model';
import { summarise } from '../chart-summary';
import { ChartPanel } from './chart-panel';
import { RangePicker } from './range-picker';

type PricePoint = PriceHistory['points'][number];

function hasSpread(points: readonly PricePoint[]): boolean {
  return points.some((point) => !dec(point.buy).equals(point.sell));
}

function rowsOf(asset: Asset, points: readonly PricePoint[]): ChartRow[] {
  const hasHours = hasHoursBetween(points);
  return points.map((point) => ({
    at: Date.parse(point.at),
    iso: point.at,
    amounts: { sell: point.sell, buy: point.buy },
    values: { sell: Number(point.sell), buy: Number(point.buy) },
    texts: {
      at: formatPointTime(point.at, hasHours),
      sell: formatAssetPrice(asset, point.sell),
      buy: formatAssetPrice(asset, point.buy),
    },
  }));
}

export function PriceChart({ asset }: { asset: Asset }) {
  const { t } = useTranslation(['charts', 'catalogue']);
  const [range, setRange] = useState<PriceRange>('1m');
  const query = usePriceHistory(asset.symbol, range);
  const points = query.data?.points;
  // The drawing's range is the answer's, which stays the previous one while the next loads.
  const shownRange = query.data?.range ?? range;
  const name = t(`catalogue:${asset.symbol}.name`);
  const model = useMemo(() => {
    if (!points) return { rows: [], series: [], summary: null };
    const series: ChartSeries[] = [
      { key: 'sell', label: t('price.sell'), color: 'var(--primary)' },
    ];
    if (hasSpread(points)) {
      series.push({
        key: 'buy',
        label: t('price.buy'),
        color: 'var(--muted-foreground)',
        isDashed: true,
      });
    }
    const rows = rowsOf(asset, points);
    const summary = summarise(t, {
      rows,
      key: 'sell',
      subject: t('price.subject', { name }),
      range: t(`ranges.${shownRange}.long`),
    });
    return { rows, series, summary };
    // `t` changes with the language, and with it every text.
  }, [asset, points, shownRange, t, name]);

  return (
    <ChartPanel
      testId="price-chart"
      title={t('price.title')}
      description={t(asset.kind === 'metal' ? 'price.perMg' : 'price.perUnit', {
        symbol: asset.symbol,
      })}
      picker={
        <RangePicker
          ranges={priceRanges}
          value={range}
          onChange={setRange}
          label={t('price.rangeLabel', { name })}
        />
      }
      query={query}
      rows={model.rows}
      series={model.series}
      summary={model.summary}
      loadFailed={t('price.loadFailed')}
      empty={t('price.empty')}
      tableCaption={t('price.tableCaption', { name })}
    />
  );
}
