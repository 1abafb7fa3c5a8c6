// The asset picker of /fixed-assets: every holding, with the quantity held or its type. Holdings
// already fixed, in delivery or without a value are listed but cannot be chosen (DESIGN §5).
import type { TFunction } from 'i18next';
import { type HoldingField, HoldingPicker } from '@/components/ui/holding-picker';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity } from '@/lib/money';
import type { FixedItem } from '../fixed-items';

/** "1,000.000 mg", "0.50000000 BTC" or "Jewelry": what the line under the name says. */
function detailOf(t: TFunction, item: FixedItem): string {
  if (item.asset && item.available !== null) {
    return formatAssetQuantity(t, item.asset, item.available);
  }
  return t(`vault:itemTypes.${item.valuable.itemType}`);
}

export function FixedAssetPicker({
  items,
  ...field
}: { items: readonly FixedItem[] } & HoldingField) {
  const { t } = useTranslation(['custody', 'catalogue', 'vault']);
  return (
    <HoldingPicker
      idPrefix="fixed"
      legend={t('fixed.picker.legend')}
      legendClassName="font-semibold"
      notValued={t('fixed.picker.noValue')}
      choices={items.map((item) => ({
        valuable: item.valuable,
        detail: detailOf(t, item),
        unavailable: item.unavailable ? t(`fixed.picker.${item.unavailable}`) : null,
      }))}
      {...field}
    />
  );
}
