// /crypto/:symbol (SPEC §2): Buy and Sell tabs for one cryptocurrency; the symbol is uppercase
// (a lowercase address is sent to its uppercase form), an unknown one says so.
import { useParams } from 'react-router';
import { findCrypto } from '@secure-vault/shared/catalogue';
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

export default function CryptoDetailRoute() {
  const { t } = useTranslation(['trading', 'catalogue']);
  const { symbol = '' } = useParams();
  const book = usePriceBook();
  const crypto = findCrypto(symbol);
  if (!crypto) {
    return (
      <AssetNotFound
        title={t('crypto.notFound')}
        body={t('crypto.notFoundBody')}
        backTo={paths.crypto}
        backLabel={t('crypto.back')}
      />
    );
  }
  if (symbol !== symbol.toUpperCase()) {
    return <CanonicalRedirect to={paths.cryptoDetail(crypto.symbol)} />;
  }
  return (
    <>
      <AssetTradeScreen
        key={crypto.symbol}
        asset={crypto}
        chart={<PriceChart asset={crypto} />}
        backTo={paths.crypto}
        backLabel={t('crypto.back')}
      />
      <AssetPriceAlerts asset={crypto} sellPrice={book.priceOf(crypto, 'sell').price} />
      <AssetRecurringBuys asset={crypto} />
      <AssetLimitOrders
        asset={crypto}
        prices={{
          buy: book.priceOf(crypto, 'buy').price,
          sell: book.priceOf(crypto, 'sell').price,
        }}
      />
    </>
  );
}
