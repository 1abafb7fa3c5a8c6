// /precious-metals (SPEC §2): the 8 metals at their fixed prices per milligram — cards on
// phones, a table from the sm breakpoint; each leads to its calculator.
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { metals } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AssetBadge } from '@/features/trading/components/asset-badge';
import { AssetTable, AssetNameCell } from '@/features/trading/components/asset-table';
import { ListHeader } from '@/features/trading/components/list-header';
import { formatMetalListPrice } from '@/features/trading/price-text';

export default function PreciousMetalsRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  usePageTitle(t('metals.title'));
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10">
      <ListHeader
        backTo={paths.dashboard}
        backLabel={t('backToDashboard')}
        title={t('metals.title')}
        subtitle={t('metals.subtitle')}
      />

      <ul className="grid gap-3 sm:hidden" data-testid="metal-cards">
        {metals.map((metal) => (
          <li key={metal.symbol}>
            <Link
              to={paths.metalCalculator(metal.symbol)}
              className="flex items-center gap-4 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:bg-muted"
            >
              <AssetBadge asset={metal} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-semibold">{t(`catalogue:${metal.symbol}.name`)}</span>
                <bdi dir="ltr" className="text-sm text-muted-foreground">
                  {metal.symbol}
                </bdi>
              </span>
              <span className="grid justify-items-end gap-0.5 text-end">
                <bdi dir="ltr" className="font-semibold tabular-nums">
                  {formatMetalListPrice(metal.price)}
                </bdi>
                <span className="text-xs text-muted-foreground">{t('metals.perMg')}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 text-muted-foreground rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>

      <AssetTable
        assets={metals}
        caption={t('metals.caption')}
        openLabel={t('metals.open')}
        hrefOf={(metal) => paths.metalCalculator(metal.symbol)}
        className="hidden sm:block"
        testId="metal-table"
        columns={[
          {
            header: t('metals.name'),
            cell: (metal) => (
              <AssetNameCell
                asset={metal}
                name={t(`catalogue:${metal.symbol}.name`)}
                href={paths.metalCalculator(metal.symbol)}
              />
            ),
          },
          {
            header: t('metals.symbol'),
            cellClassName: 'text-muted-foreground',
            cell: (metal) => <bdi dir="ltr">{metal.symbol}</bdi>,
          },
          {
            header: t('metals.pricePerMg'),
            align: 'end',
            cellClassName: 'font-semibold tabular-nums',
            cell: (metal) => <bdi dir="ltr">{formatMetalListPrice(metal.price)}</bdi>,
          },
        ]}
      />
      <p className="text-sm text-muted-foreground">{t('metals.storageNote')}</p>
    </div>
  );
}
