// /metal-calculator/:symbol (SPEC §2): Buy and Sell tabs for one metal; the symbol is lowercase
// (an uppercase address is sent to its lowercase form), an unknown one says so.
import { useParams } from 'react-router';
import { findMetal } from '@secure-vault/shared/catalogue';
import { paths } from '@secure-vault/shared/paths';
import { useTranslation } from '@/lib/i18n';
import { PriceChart } from '@/features/charts/components/price-chart';
import { AssetNotFound } from '@/features/trading/components/asset-not-found';
import { AssetTradeScreen } from '@/features/trading/components/asset-trade-screen';
import { CanonicalRedirect } from '@/features/trading/components/canonical-redirect';
import { usePriceBook } from '@/features/trading/hooks/use-price-book';
import { AssetPriceAlerts } from '@/features/alerts/components/asset-price-alerts';
import { AssetRecurringBuys } from '@/features/recurring/components/asset-recurring-buys';
import { AssetLimitOrders } from '@/features/orders/components/asset-limit-orders';

export default function MetalCalculatorRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  const { symbol = '' } = useParams();
  const book = usePriceBook();
  const metal = findMetal(symbol);
  if (!metal) {
    return (
      <AssetNotFound
        title={t('metals.notFound')}
        body={t('metals.notFoundBody')}
        backTo={paths.preciousMetals}
        backLabel={t('metals.back')}
      />
    );
  }
  if (symbol !== symbol.toLowerCase()) {
    return <CanonicalRedirect to={paths.metalCalculator(metal.symbol)} />;
  }
  return (
    <>
      <AssetTradeScreen
        key={metal.symbol}
        asset={metal}
        chart={<PriceChart asset={metal} />}
        backTo={paths.preciousMetals}
        backLabel={t('metals.back')}
      />
      <AssetPriceAlerts asset={metal} sellPrice={book.priceOf(metal, 'sell').price} />
      <AssetRecurringBuys asset={metal} />
      <AssetLimitOrders
        asset={metal}
        prices={{ buy: book.priceOf(metal, 'buy').price, sell: book.priceOf(metal, 'sell').price }}
      />
    </>
  );
}
