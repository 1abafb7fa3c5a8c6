// /crypto (SPEC §2): the 20 cryptocurrencies by rank at their fixed prices — cards on phones, a
// table from the md breakpoint (the description column from lg); each leads to its page.
import { Link, useNavigate } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { cryptos } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AssetBadge } from '../components/asset-badge';
import { ListHeader } from '../components/list-header';
import { formatCryptoPrice } from '../price-text';

export default function CryptoListRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  usePageTitle(t('crypto.title'));
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <ListHeader
        backTo={paths.dashboard}
        backLabel={t('backToDashboard')}
        title={t('crypto.title')}
        subtitle={t('crypto.subtitle')}
      />

      <ul className="grid gap-3 md:hidden" data-testid="crypto-cards">
        {cryptos.map((crypto) => (
          <li key={crypto.symbol}>
            <Link
              to={paths.cryptoDetail(crypto.symbol)}
              className="grid gap-2 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:bg-muted"
            >
              <span className="flex items-center gap-3">
                <span className="w-6 text-sm text-muted-foreground tabular-nums">
                  {crypto.rank}
                </span>
                <AssetBadge asset={crypto} />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-semibold">{t(`catalogue:${crypto.symbol}.name`)}</span>
                  <bdi dir="ltr" className="text-sm text-muted-foreground">
                    {crypto.symbol}
                  </bdi>
                </span>
                <bdi dir="ltr" className="font-semibold tabular-nums">
                  {formatCryptoPrice(crypto.price)}
                </bdi>
              </span>
              <span className="text-sm text-muted-foreground">
                {t(`catalogue:${crypto.symbol}.description`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <Card className="hidden overflow-hidden md:block">
        <table className="w-full text-sm" data-testid="crypto-table">
          <caption className="sr-only">{t('crypto.caption')}</caption>
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th scope="col" className="w-14 px-4 py-3 text-start font-medium">
                {t('crypto.rank')}
              </th>
              <th scope="col" className="px-4 py-3 text-start font-medium">
                {t('crypto.name')}
              </th>
              <th scope="col" className="px-4 py-3 text-start font-medium">
                {t('crypto.symbol')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('crypto.price')}
              </th>
              <th scope="col" className="hidden px-4 py-3 text-start font-medium lg:table-cell">
                {t('crypto.description')}
              </th>
              <th scope="col" className="w-10 px-4 py-3">
                <span className="sr-only">{t('crypto.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {cryptos.map((crypto) => (
              <tr
                key={crypto.symbol}
                className="cursor-pointer transition-colors hover:bg-muted/60"
                onClick={() => navigate(paths.cryptoDetail(crypto.symbol))}
              >
                <td className="px-4 py-3 text-muted-foreground tabular-nums">{crypto.rank}</td>
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    <AssetBadge asset={crypto} size="sm" />
                    <Link
                      to={paths.cryptoDetail(crypto.symbol)}
                      className="font-semibold whitespace-nowrap hover:underline"
                    >
                      {t(`catalogue:${crypto.symbol}.name`)}
                    </Link>
                  </span>
                </td>
                <td className="px-4 py-3 text-muted-foreground">
                  <bdi dir="ltr">{crypto.symbol}</bdi>
                </td>
                <td className="px-4 py-3 text-end font-semibold whitespace-nowrap tabular-nums">
                  <bdi dir="ltr">{formatCryptoPrice(crypto.price)}</bdi>
                </td>
                <td className="hidden max-w-md px-4 py-3 text-muted-foreground lg:table-cell">
                  {t(`catalogue:${crypto.symbol}.description`)}
                </td>
                <td className="px-4 py-3 text-muted-foreground">
                  <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className="text-sm text-muted-foreground">{t('crypto.storageNote')}</p>
    </div>
  );
}
