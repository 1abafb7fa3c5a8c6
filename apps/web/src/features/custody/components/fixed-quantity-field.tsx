// How much of a traded position to fix (DESIGN §5: part of a position may be fixed, split off as
// its own locked holding). Custody items have no such field: they are fixed whole.
import { type QuantityFieldProps, QuantityField } from '@/components/ui/quantity-field';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, ltrIsolate, normalizeDecimal, stepOf } from '@/lib/money';
import type { FixedItem } from '../fixed-items';

export function FixedQuantityField({ item, ...field }: { item: FixedItem } & QuantityFieldProps) {
  const { t } = useTranslation(['custody', 'catalogue']);
  const held = normalizeDecimal(item.available ?? '0');
  const isMilligrams = item.valuable.unit === 'mg' || item.asset?.kind === 'metal';
  return (
    <QuantityField
      id="fixed-quantity"
      label={isMilligrams ? t('fixed.quantity.mg') : t('fixed.quantity.units')}
      wholeLabel={t('fixed.quantity.whole')}
      availableLabel={t('fixed.quantity.held')}
      availableText={
        item.asset
          ? formatAssetQuantity(t, item.asset, held)
          : ltrIsolate(`${held} ${item.valuable.unit ?? ''}`.trim())
      }
      max={held}
      step={stepOf(item.decimals)}
      {...field}
    />
  );
}
