// How much of cash or of a traded position to send (DESIGN §5: part of either may move).
import { type QuantityFieldProps, QuantityField } from '@/components/ui/quantity-field';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate, normalizeDecimal, stepOf } from '@/lib/money';
import type { TransferItem } from '../transfer-items';

/** "Amount (USD)", "Quantity (mg)" or "Quantity (units)". */
function labelKey(item: TransferItem): string {
  if (item.kind === 'cash') return 'quantity.usd';
  return item.valuable.unit === 'mg' || item.asset?.kind === 'metal'
    ? 'quantity.mg'
    : 'quantity.units';
}

export function TransferQuantityField({
  item,
  ...field
}: { item: TransferItem } & QuantityFieldProps) {
  const { t } = useTranslation(['transfers', 'catalogue']);
  const available = item.available ?? '0';
  const availableText =
    item.kind === 'cash'
      ? formatUsd(available)
      : item.asset
        ? formatAssetQuantity(t, item.asset, available)
        : ltrIsolate(normalizeDecimal(available));
  return (
    <QuantityField
      id="transfer-quantity"
      label={t(labelKey(item))}
      wholeLabel={t('quantity.whole')}
      availableLabel={t('quantity.available')}
      availableText={availableText}
      max={normalizeDecimal(available)}
      step={stepOf(item.decimals)}
      {...field}
    />
  );
}
