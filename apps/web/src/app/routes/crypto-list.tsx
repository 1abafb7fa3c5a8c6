// /crypto (SPEC §2): the 20 cryptocurrencies by rank at the book's prices (decision 028) with
// their 24 h change — cards on phones, a table from the md breakpoint (the description column
// from lg); each leads to its page.
import { Link } from 'react-router';
import { cryptos } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AssetBadge } from '@/features/trading/components/asset-badge';
import { AssetNameCell, AssetTable } from '@/features/trading/components/asset-table';
import { ListHeader } from '@/features/trading/components/list-header';
import { ListPrice } from '@/features/trading/components/list-price';
import { PriceBookStatus } from '@/features/trading/components/price-age';
import { PriceChange } from '@/features/trading/components/price-change';
import { type PriceBookView, usePriceBook } from '@/features/trading/hooks/use-price-book';
import { formatCryptoPrice } from '@/features/trading/price-text';

export default function CryptoListRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  usePageTitle(t('crypto.title'));
  const book = usePriceBook();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <ListHeader
        backTo={paths.dashboard}
        backLabel={t('backToDashboard')}
        title={t('crypto.title')}
        subtitle={t('crypto.subtitle')}
      />
      <PriceBookStatus query={book.query} isQuietWhileLoading />
      <CryptoCards book={book} />
      <AssetTable
        assets={cryptos}
        caption={t('crypto.caption')}
        openLabel={t('crypto.open')}
        hrefOf={(crypto) => paths.cryptoDetail(crypto.symbol)}
        isCompact
        className="hidden md:block"
        testId="crypto-table"
        columns={[
          {
            header: t('crypto.rank'),
            headerClassName: 'w-14',
            cellClassName: 'text-muted-foreground tabular-nums',
            cell: (crypto) => crypto.rank,
          },
          {
            header: t('crypto.name'),
            cell: (crypto) => (
              <AssetNameCell
                asset={crypto}
                name={t(`catalogue:${crypto.symbol}.name`)}
                href={paths.cryptoDetail(crypto.symbol)}
              />
            ),
          },
          {
            header: t('crypto.symbol'),
            cellClassName: 'text-muted-foreground',
            cell: (crypto) => <bdi dir="ltr">{crypto.symbol}</bdi>,
          },
          {
            header: t('crypto.price'),
            align: 'end',
            cellClassName: 'font-semibold whitespace-nowrap tabular-nums',
            cell: (crypto) => <ListPrice asset={crypto} book={book} format={formatCryptoPrice} />,
          },
          {
            header: t('prices.change24h'),
            align: 'end',
            cellClassName: 'whitespace-nowrap',
            cell: (crypto) => <PriceChange change={book.priceOf(crypto, 'sell').change24h} />,
          },
          {
            header: t('crypto.description'),
            className: 'hidden lg:table-cell',
            cellClassName: 'max-w-md text-muted-foreground',
            cell: (crypto) => t(`catalogue:${crypto.symbol}.description`),
          },
        ]}
      />
      <p className="text-sm text-muted-foreground">{t('crypto.storageNote')}</p>
    </div>
  );
}

function CryptoCards({ book }: { book: PriceBookView }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <ul className="grid gap-3 md:hidden" data-testid="crypto-cards">
      {cryptos.map((crypto) => (
        <li key={crypto.symbol}>
          <Link
            to={paths.cryptoDetail(crypto.symbol)}
            className="grid gap-2 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:bg-muted"
          >
            <span className="flex items-center gap-3">
              <span className="w-6 text-sm text-muted-foreground tabular-nums">{crypto.rank}</span>
              <AssetBadge asset={crypto} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-semibold">{t(`catalogue:${crypto.symbol}.name`)}</span>
                <bdi dir="ltr" className="text-sm text-muted-foreground">
                  {crypto.symbol}
                </bdi>
              </span>
              <span className="grid justify-items-end gap-1">
                <ListPrice
                  asset={crypto}
                  book={book}
                  format={formatCryptoPrice}
                  className="font-semibold tabular-nums"
                />
                <PriceChange change={book.priceOf(crypto, 'sell').change24h} />
              </span>
            </span>
            <span className="text-sm text-muted-foreground">
              {t(`catalogue:${crypto.symbol}.description`)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
