// The prices a swap is priced at (decision 028): what the asset given sells at and what the one
// received costs, each with its 24 h change, and how long ago the older of them took effect.
import type { Asset } from '@secure-vault/shared/catalogue';
import { useTranslation } from '@/lib/i18n';
import type { PriceBookView } from '../../hooks/use-price-book';
import { formatUnitPrice } from '../../price-text';
import { PriceAge, PriceBookStatus } from '../price-age';
import { PriceChange } from '../price-change';

export function SwapPrices({ from, to, book }: { from: Asset; to: Asset; book: PriceBookView }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const sold = book.priceOf(from, 'sell');
  const bought = book.priceOf(to, 'buy');
  const name = (asset: Asset) => t(`catalogue:${asset.symbol}.name`);
  const rows = [
    { label: t('prices.sellsAt', { name: name(from) }), asset: from, shown: sold, id: 'from' },
    { label: t('prices.costs', { name: name(to) }), asset: to, shown: bought, id: 'to' },
  ];
  const since =
    sold.since === null || bought.since === null ? null : Math.min(sold.since, bought.since);
  return (
    <div className="grid gap-2 border-b pb-3" data-testid="swap-prices">
      <dl className="grid gap-1.5">
        {rows.map((row) => (
          <div key={row.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="flex items-center gap-2">
              <span className="tabular-nums" data-testid={`swap-${row.id}-price`}>
                {formatUnitPrice(t, row.asset, row.shown.price)}
              </span>
              <PriceChange change={row.shown.change24h} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        <PriceAge since={since} />
        <PriceBookStatus query={book.query} />
      </div>
    </div>
  );
}
