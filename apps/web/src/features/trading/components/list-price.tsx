// An asset's price in a list (SPEC §2, §9; decision 028): the book's price, and beside it the
// sell price when the book has a spread; SPEC §9's listed price until the book is read. While
// trading in it is paused (its feed price stale, decision 029), it says so under the price.
import type { Asset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { PriceBookView } from '../hooks/use-price-book';

export function ListPrice({
  asset,
  book,
  format,
  className,
}: {
  asset: Asset;
  book: PriceBookView;
  /** How the list writes a price ("$0.057", "$115,000.00"). */
  format: (price: string) => string;
  className?: string;
}) {
  const { t } = useTranslation('trading');
  const { price: buy, isHalted } = book.priceOf(asset, 'buy');
  const sell = book.priceOf(asset, 'sell').price;
  const paused = isHalted ? (
    <span className="text-xs font-semibold text-foreground" data-testid="list-price-halted">
      {t('prices.halted.badge')}
    </span>
  ) : null;
  if (dec(buy).equals(sell) && !paused) {
    return (
      <bdi dir="ltr" className={className} data-testid="list-price">
        {format(buy)}
      </bdi>
    );
  }
  if (dec(buy).equals(sell)) {
    return (
      <span className={cn('inline-grid justify-items-end', className)} data-testid="list-price">
        <bdi dir="ltr">{format(buy)}</bdi>
        {paused}
      </span>
    );
  }
  return (
    <span className={cn('inline-grid justify-items-end', className)} data-testid="list-price">
      <span>{t('prices.buyPrice', { price: format(buy) })}</span>
      <span className="text-xs font-normal text-muted-foreground">
        {t('prices.sellPrice', { price: format(sell) })}
      </span>
      {paused}
    </span>
  );
}
