// How much of a metal position to deliver (DESIGN §5: part of a metal position may go), in
// milligrams, with what is held and a "Whole holding" shortcut that fills it all in.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, ltrIsolate, normalizeDecimal, quantityStep } from '@/lib/money';
import type { DeliveryItem } from '../delivery-items';

const id = 'delivery-quantity';

export function DeliveryQuantityField({
  item,
  registration,
  error,
  onWhole,
}: {
  item: DeliveryItem;
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
  onWhole: (value: string) => void;
}) {
  const { t } = useTranslation(['custody', 'catalogue']);
  const available = normalizeDecimal(item.available ?? '0');
  const availableText = item.asset
    ? formatAssetQuantity(t, item.asset, available)
    : `${ltrIsolate(available)} ${t('catalogue:units.mg')}`;
  const describedBy = [`${id}-available`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{t('delivery.quantity.label')}</Label>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => onWhole(available)}
        >
          {t('delivery.quantity.whole')}
        </Button>
      </div>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        dir="ltr"
        className="rtl:text-right"
        min="0"
        max={available}
        step={item.asset ? quantityStep(item.asset) : '0.001'}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...registration}
      />
      <p id={`${id}-available`} className="text-sm text-muted-foreground">
        {t('delivery.quantity.available')} <span className="tabular-nums">{availableText}</span>
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
