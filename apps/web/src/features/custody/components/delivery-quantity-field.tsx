// How much of a metal position to deliver (DESIGN §5: part of a metal position may go), in
// milligrams.
import { type QuantityFieldProps, QuantityField } from '@/components/ui/quantity-field';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, ltrIsolate, normalizeDecimal, quantityStep } from '@/lib/money';
import type { DeliveryItem } from '../delivery-items';

export function DeliveryQuantityField({
  item,
  ...field
}: { item: DeliveryItem } & QuantityFieldProps) {
  const { t } = useTranslation(['custody', 'catalogue']);
  const available = normalizeDecimal(item.available ?? '0');
  return (
    <QuantityField
      id="delivery-quantity"
      label={t('delivery.quantity.label')}
      wholeLabel={t('delivery.quantity.whole')}
      availableLabel={t('delivery.quantity.available')}
      availableText={
        item.asset
          ? formatAssetQuantity(t, item.asset, available)
          : `${ltrIsolate(available)} ${t('catalogue:units.mg')}`
      }
      max={available}
      step={item.asset ? quantityStep(item.asset) : '0.001'}
      {...field}
    />
  );
}
