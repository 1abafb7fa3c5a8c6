// Each listed holding's performance as a table: the quantity held, its average cost and cost
// basis, its value at the book now, the gain or loss not yet realised (with its percentage) and
// what was realised this year, then the totals. Scrolls sideways on a phone.
import type { TFunction } from 'i18next';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { HoldingPerformance, Performance } from '@secure-vault/shared/performance';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd } from '@/lib/money';
import { directionOf, formatAssetPrice } from '../chart-format';
import { signedChangeText } from '../chart-summary';
import { realisedIn, unrealisedPercent, yearOf } from '../performance-figures';
import { Gain } from './gain';

const cell = 'px-3 py-2 text-end tabular-nums whitespace-nowrap';

function GainCell({ amount, percent }: { amount: string; percent?: string | null }) {
  return (
    <td className={cell}>
      <Gain direction={directionOf(amount)} text={signedChangeText(amount, percent ?? null)} />
    </td>
  );
}

function HoldingRow({
  holding,
  year,
  t,
}: {
  holding: HoldingPerformance;
  year: number;
  t: TFunction;
}) {
  const asset = findAsset(holding.symbol);
  return (
    <tr className="border-t" data-testid="performance-row">
      <th scope="row" className="px-3 py-2 text-start font-medium whitespace-nowrap">
        {asset ? t(`catalogue:${asset.symbol}.name`) : holding.symbol}{' '}
        <bdi dir="ltr" className="text-xs font-normal text-muted-foreground">
          {holding.symbol}
        </bdi>
      </th>
      <td className={cell}>
        {asset ? formatAssetQuantity(t, asset, holding.quantity) : holding.quantity}
      </td>
      <td className={cell}>
        {holding.averageCost === null ? (
          <span aria-label={t('performance.none')}>—</span>
        ) : asset ? (
          formatAssetPrice(asset, holding.averageCost)
        ) : (
          formatUsd(holding.averageCost, { maximum: 8 })
        )}
      </td>
      <td className={cell}>{formatUsd(holding.costBasis)}</td>
      <td className={cell}>{formatUsd(holding.value)}</td>
      <GainCell amount={holding.unrealised} percent={holding.unrealisedPercent} />
      <GainCell amount={realisedIn(holding.realised, year)} />
    </tr>
  );
}

export function PerformanceTable({ performance }: { performance: Performance }) {
  const { t } = useTranslation(['charts', 'catalogue']);
  const year = yearOf(performance.at);
  const { totals } = performance;
  const headers = [
    t('performance.quantity'),
    t('performance.averageCost'),
    t('performance.costBasis'),
    t('performance.value'),
    t('performance.unrealised'),
    t('performance.realisedIn', { year }),
  ];
  return (
    <div
      className="relative overflow-x-auto rounded-md border"
      role="region"
      aria-label={t('performance.caption')}
      // Scrollable on a phone, so it takes the keyboard focus to be scrolled.
      tabIndex={0}
    >
      <table className="w-full text-sm" data-testid="performance-table">
        <caption className="sr-only">{t('performance.caption')}</caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('performance.asset')}
            </th>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 text-end font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {performance.holdings.map((holding) => (
            <HoldingRow key={holding.symbol} holding={holding} year={year} t={t} />
          ))}
        </tbody>
        <tfoot className="border-t-2 font-semibold" data-testid="performance-totals">
          <tr>
            <th scope="row" className="px-3 py-2 text-start">
              {t('performance.total')}
            </th>
            <td className={cell} />
            <td className={cell} />
            <td className={cell}>{formatUsd(totals.costBasis)}</td>
            <td className={cell}>{formatUsd(totals.value)}</td>
            <GainCell
              amount={totals.unrealised}
              percent={unrealisedPercent(totals.costBasis, totals.unrealised)}
            />
            <GainCell amount={realisedIn(totals.realised, year)} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
