// /precious-metals (SPEC §2): the 8 metals at their fixed prices per milligram — cards on
// phones, a table from the sm breakpoint; each leads to its calculator.
import { Link, useNavigate } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { metals } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AssetBadge } from '../components/asset-badge';
import { ListHeader } from '../components/list-header';
import { formatMetalListPrice } from '../price-text';

export default function PreciousMetalsRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  usePageTitle(t('metals.title'));
  const navigate = useNavigate();
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

      <Card className="hidden overflow-hidden sm:block">
        <table className="w-full text-sm" data-testid="metal-table">
          <caption className="sr-only">{t('metals.caption')}</caption>
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th scope="col" className="px-6 py-3 text-start font-medium">
                {t('metals.name')}
              </th>
              <th scope="col" className="px-6 py-3 text-start font-medium">
                {t('metals.symbol')}
              </th>
              <th scope="col" className="px-6 py-3 text-end font-medium">
                {t('metals.pricePerMg')}
              </th>
              <th scope="col" className="w-12 px-6 py-3">
                <span className="sr-only">{t('metals.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {metals.map((metal) => (
              <tr
                key={metal.symbol}
                className="cursor-pointer transition-colors hover:bg-muted/60"
                onClick={() => navigate(paths.metalCalculator(metal.symbol))}
              >
                <td className="px-6 py-4">
                  <span className="flex items-center gap-3">
                    <AssetBadge asset={metal} size="sm" />
                    <Link
                      to={paths.metalCalculator(metal.symbol)}
                      className="font-semibold hover:underline"
                    >
                      {t(`catalogue:${metal.symbol}.name`)}
                    </Link>
                  </span>
                </td>
                <td className="px-6 py-4 text-muted-foreground">
                  <bdi dir="ltr">{metal.symbol}</bdi>
                </td>
                <td className="px-6 py-4 text-end font-semibold tabular-nums">
                  <bdi dir="ltr">{formatMetalListPrice(metal.price)}</bdi>
                </td>
                <td className="px-6 py-4 text-muted-foreground">
                  <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className="text-sm text-muted-foreground">{t('metals.storageNote')}</p>
    </div>
  );
}
