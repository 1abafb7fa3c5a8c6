// The price under an order screen's heading (SPEC §9; decision 028): the book's price, or its
// buy and sell prices when they differ, its 24 h change and how long ago it took effect.
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { useTranslation } from '@/lib/i18n';
import type { PriceBookView } from '../hooks/use-price-book';
import { formatUnitPrice } from '../price-text';
import { PriceAge, PriceBookStatus } from './price-age';
import { PriceChange } from './price-change';

export function AssetPriceLine({ asset, book }: { asset: Asset; book: PriceBookView }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const buy = book.priceOf(asset, 'buy');
  const sell = book.priceOf(asset, 'sell');
  const buyText = formatUnitPrice(t, asset, buy.price);
  const sellText = formatUnitPrice(t, asset, sell.price);
  return (
    <div className="mt-3 grid gap-1.5 text-sm">
      <p>
        <span className="text-muted-foreground">{t('order.listedPrice')} </span>
        <span className="font-semibold tabular-nums" data-testid="listed-price">
          {dec(buy.price).equals(sell.price)
            ? buyText
            : `${t('prices.buyPrice', { price: buyText })} · ${t('prices.sellPrice', { price: sellText })}`}
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="inline-flex items-center gap-2">
          <span className="text-muted-foreground">{t('prices.change24hLabel')}</span>
          <PriceChange change={sell.change24h} />
        </span>
        <PriceAge since={sell.since} />
        <PriceBookStatus query={book.query} />
      </div>
    </div>
  );
}
