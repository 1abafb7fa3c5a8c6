// How much of a traded position to fix (DESIGN §5: part of a position may be fixed, split off as
// its own locked holding): the quantity in its unit, what is held, and a "Whole holding" shortcut
// that fills it all in. Custody items have no such field: they are fixed whole.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, ltrIsolate, normalizeDecimal } from '@/lib/money';
import type { FixedItem } from '../fixed-items';

const id = 'fixed-quantity';

export function FixedQuantityField({
  item,
  registration,
  error,
  onWhole,
}: {
  item: FixedItem;
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
  onWhole: (value: string) => void;
}) {
  const { t } = useTranslation(['custody', 'catalogue']);
  const held = normalizeDecimal(item.available ?? '0');
  const heldText = item.asset
    ? formatAssetQuantity(t, item.asset, held)
    : ltrIsolate(`${held} ${item.valuable.unit ?? ''}`.trim());
  const isMilligrams = item.valuable.unit === 'mg' || item.asset?.kind === 'metal';
  const step = item.decimals === 0 ? '1' : `0.${'0'.repeat(item.decimals - 1)}1`;
  const describedBy = [`${id}-held`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>
          {isMilligrams ? t('fixed.quantity.mg') : t('fixed.quantity.units')}
        </Label>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => onWhole(held)}
        >
          {t('fixed.quantity.whole')}
        </Button>
      </div>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        dir="ltr"
        className="rtl:text-right"
        min="0"
        max={held}
        step={step}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...registration}
      />
      <p id={`${id}-held`} className="text-sm text-muted-foreground">
        {t('fixed.quantity.held')} <span className="tabular-nums">{heldText}</span>
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
