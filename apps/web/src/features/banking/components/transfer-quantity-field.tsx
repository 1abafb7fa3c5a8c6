// How much of cash or of a traded position to send (DESIGN §5: part of either may move): the
// amount in its unit, what is available, and a "Whole holding" shortcut that fills it all in.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, ltrIsolate, normalizeDecimal } from '@/lib/money';
import type { TransferItem } from '../transfer-items';

const id = 'transfer-quantity';

/** "Amount (USD)", "Quantity (mg)" or "Quantity (units)". */
function labelKey(item: TransferItem): string {
  if (item.kind === 'cash') return 'quantity.usd';
  return item.valuable.unit === 'mg' || item.asset?.kind === 'metal'
    ? 'quantity.mg'
    : 'quantity.units';
}

export function TransferQuantityField({
  item,
  registration,
  error,
  onWhole,
}: {
  item: TransferItem;
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
  onWhole: (value: string) => void;
}) {
  const { t } = useTranslation(['transfers', 'catalogue']);
  const available = item.available ?? '0';
  const availableText =
    item.kind === 'cash'
      ? formatUsd(available)
      : item.asset
        ? formatAssetQuantity(t, item.asset, available)
        : ltrIsolate(normalizeDecimal(available));
  const step = item.decimals === 0 ? '1' : `0.${'0'.repeat(item.decimals - 1)}1`;
  const describedBy = [`${id}-available`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{t(labelKey(item))}</Label>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => onWhole(normalizeDecimal(available))}
        >
          {t('quantity.whole')}
        </Button>
      </div>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        dir="ltr"
        className="rtl:text-right"
        min="0"
        max={normalizeDecimal(available)}
        step={step}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...registration}
      />
      <p id={`${id}-available`} className="text-sm text-muted-foreground">
        {t('quantity.available')} <span className="tabular-nums">{availableText}</span>
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
