// /precious-metals (SPEC §2): the 8 metals at the book's prices per milligram (decision 028) with
// their 24 h change — cards on phones, a table from the sm breakpoint; each leads to its
// calculator.
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { metals } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AssetBadge } from '@/features/trading/components/asset-badge';
import { AssetTable, AssetNameCell } from '@/features/trading/components/asset-table';
import { ListHeader } from '@/features/trading/components/list-header';
import { ListPrice } from '@/features/trading/components/list-price';
import { PriceBookStatus } from '@/features/trading/components/price-age';
import { PriceChange } from '@/features/trading/components/price-change';
import { type PriceBookView, usePriceBook } from '@/features/trading/hooks/use-price-book';
import { formatMetalListPrice } from '@/features/trading/price-text';

export default function PreciousMetalsRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  usePageTitle(t('metals.title'));
  const book = usePriceBook();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10">
      <ListHeader
        backTo={paths.dashboard}
        backLabel={t('backToDashboard')}
        title={t('metals.title')}
        subtitle={t('metals.subtitle')}
      />
      <PriceBookStatus query={book.query} isQuietWhileLoading />
      <MetalCards book={book} />
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
            cell: (metal) => <ListPrice asset={metal} book={book} format={formatMetalListPrice} />,
          },
          {
            header: t('prices.change24h'),
            align: 'end',
            cell: (metal) => <PriceChange change={book.priceOf(metal, 'sell').change24h} />,
          },
        ]}
      />
      <p className="text-sm text-muted-foreground">{t('metals.storageNote')}</p>
    </div>
  );
}

function MetalCards({ book }: { book: PriceBookView }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
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
              <ListPrice
                asset={metal}
                book={book}
                format={formatMetalListPrice}
                className="font-semibold tabular-nums"
              />
              <span className="text-xs text-muted-foreground">{t('metals.perMg')}</span>
              <PriceChange change={book.priceOf(metal, 'sell').change24h} />
            </span>
            <ChevronRight aria-hidden className="size-4 text-muted-foreground rtl:rotate-180" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
