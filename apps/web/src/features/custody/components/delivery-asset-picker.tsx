// The asset picker of the delivery request (SPEC §2 "choose an asset (list of the user's
// valuables)"; DESIGN §5): every valuable, with its type or the milligrams held. Digital holdings,
// items fixed for a term and items already in delivery are listed but cannot be chosen.
import type { TFunction } from 'i18next';
import { type HoldingField, HoldingPicker } from '@/components/ui/holding-picker';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, ltrIsolate, normalizeDecimal } from '@/lib/money';
import { isCash } from '@/lib/valuable-text';
import type { DeliveryItem } from '../delivery-items';

/**
 * "1,000.000 mg" for a metal position, the quantity of a crypto position, nothing for cash (its
 * name says it all), else the item's type ("Jewelry").
 */
function detailOf(t: TFunction, item: DeliveryItem): string | null {
  const { valuable } = item;
  if (isCash(valuable)) return null;
  if (item.kind === 'metal' && item.available !== null) {
    return item.asset
      ? formatAssetQuantity(t, item.asset, item.available)
      : `${ltrIsolate(normalizeDecimal(item.available))} ${t('catalogue:units.mg')}`;
  }
  if (item.asset && valuable.quantity !== null) {
    return formatAssetQuantity(t, item.asset, valuable.quantity);
  }
  return t(`vault:itemTypes.${valuable.itemType}`, { defaultValue: valuable.itemType });
}

export function DeliveryAssetPicker({
  items,
  ...field
}: { items: readonly DeliveryItem[] } & HoldingField) {
  const { t } = useTranslation(['custody', 'catalogue', 'vault']);
  return (
    <HoldingPicker
      idPrefix="delivery"
      legend={t('delivery.picker.legend')}
      listClassName="max-h-80"
      notValued={t('delivery.picker.notValued')}
      choices={items.map((item) => ({
        valuable: item.valuable,
        detail: detailOf(t, item),
        unavailable: item.unavailable ? t(`delivery.picker.${item.unavailable}`) : null,
      }))}
      {...field}
    />
  );
}
