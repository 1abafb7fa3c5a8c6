// The asset picker of /transfer-assets: every valuable, with its type or the quantity held.
// Locked and in-delivery valuables are listed but cannot be chosen (DESIGN §5).
import type { TFunction } from 'i18next';
import { type HoldingField, HoldingPicker } from '@/components/ui/holding-picker';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity } from '@/lib/money';
import type { TransferItem } from '../transfer-items';

/** "Gold", "Jewelry · Fixed for a term"… : what the line under the name says. */
function detailOf(t: TFunction, item: TransferItem): string {
  const { valuable } = item;
  if (item.kind === 'cash') return t('transfers:picker.cashDetail');
  if (item.kind === 'position' && item.asset && item.available !== null) {
    return formatAssetQuantity(t, item.asset, item.available);
  }
  if (item.kind === 'position' && item.available !== null) {
    return `${item.available} ${valuable.unit === 'mg' ? t('catalogue:units.mg') : (valuable.assetSymbol ?? '')}`;
  }
  return t(`vault:itemTypes.${valuable.itemType}`);
}

export function TransferAssetPicker({
  items,
  ...field
}: { items: readonly TransferItem[] } & HoldingField) {
  const { t } = useTranslation(['transfers', 'catalogue', 'vault']);
  return (
    <HoldingPicker
      idPrefix="transfer"
      legend={t('picker.legend')}
      notValued={t('picker.notValued')}
      choices={items.map((item) => ({
        valuable: item.valuable,
        detail: detailOf(t, item),
        unavailable: item.unavailable ? t(`picker.${item.unavailable}`) : null,
      }))}
      {...field}
    />
  );
}
