// An order screen's buttons: Buy or Sell the asset, and on the Sell tab, Sell all of a holding.
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

export function OrderActions({
  name,
  isSell,
  isDisabled,
  onSellAll,
}: {
  name: string;
  isSell: boolean;
  isDisabled: boolean;
  /** Fills in the whole holding; absent when there is none to sell. */
  onSellAll: (() => void) | undefined;
}) {
  const { t } = useTranslation('trading');
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button type="submit" size="lg" disabled={isDisabled} className="w-full sm:w-auto">
        {isSell ? t('order.sellNamed', { name }) : t('order.buyNamed', { name })}
      </Button>
      {onSellAll ? (
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full sm:w-auto"
          onClick={onSellAll}
        >
          {t('order.sellAll')}
        </Button>
      ) : null}
    </div>
  );
}
