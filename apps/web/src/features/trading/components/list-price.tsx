// An asset's price in a list (SPEC §2, §9; decision 028): the book's price, and beside it the
// sell price when the book has a spread; SPEC §9's listed price until the book is read.
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
  const buy = book.priceOf(asset, 'buy').price;
  const sell = book.priceOf(asset, 'sell').price;
  if (dec(buy).equals(sell)) {
    return (
      <bdi dir="ltr" className={className} data-testid="list-price">
        {format(buy)}
      </bdi>
    );
  }
  return (
    <span className={cn('inline-grid justify-items-end', className)} data-testid="list-price">
      <span>{t('prices.buyPrice', { price: format(buy) })}</span>
      <span className="text-xs font-normal text-muted-foreground">
        {t('prices.sellPrice', { price: format(sell) })}
      </span>
    </span>
  );
}
