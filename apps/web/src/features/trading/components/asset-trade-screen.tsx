// The order screen of one asset (SPEC §2 /metal-calculator/{symbol}, /crypto/{symbol}): what it
// is, its price from the book (decision 028), and Buy and Sell tabs priced from the same book.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { usePriceBook } from '../hooks/use-price-book';
import { AssetBadge } from './asset-badge';
import { AssetPriceLine } from './asset-price-line';
import { TradePanel } from './trade-panel';

export function AssetTradeScreen({
  asset,
  backTo,
  backLabel,
  chart,
}: {
  asset: Asset;
  backTo: string;
  backLabel: string;
  /** The asset's price chart, which the page brings (features do not import each other). */
  chart?: ReactNode;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const name = t(`catalogue:${asset.symbol}.name`);
  usePageTitle(name);
  const book = usePriceBook();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
          <Link to={backTo}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {backLabel}
          </Link>
        </Button>
        <div className="flex items-start gap-4">
          <AssetBadge asset={asset} size="lg" />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-baseline gap-x-3 text-3xl font-bold tracking-tight">
              {name}
              <bdi dir="ltr" className="text-lg font-medium text-muted-foreground">
                {asset.symbol}
              </bdi>
            </h1>
            <p className="mt-2 text-muted-foreground">
              {t(`catalogue:${asset.symbol}.description`)}
            </p>
            <AssetPriceLine asset={asset} book={book} />
          </div>
        </div>
      </div>
      {chart}
      <Card>
        <CardContent className="pt-6">
          <Tabs defaultValue="buy">
            <TabsList aria-label={t('tabs.label', { name })}>
              <TabsTrigger value="buy">{t('tabs.buy')}</TabsTrigger>
              <TabsTrigger value="sell">{t('tabs.sell')}</TabsTrigger>
            </TabsList>
            <TabsContent value="buy">
              <TradePanel asset={asset} side="buy" book={book} />
            </TabsContent>
            <TabsContent value="sell">
              <TradePanel asset={asset} side="sell" book={book} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
