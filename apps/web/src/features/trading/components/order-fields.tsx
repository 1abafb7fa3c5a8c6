// The two fields of an order, quantity ↔ dollars, each with the problem under it when it is the
// one the customer typed in, and the smallest order below them (SPEC §5, §8, §9).
import type { UseFormReturn } from 'react-hook-form';
import { ArrowLeftRight } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { minimumOrderUsd, minimumQuantity, type TradeRequest } from '@secure-vault/shared/trading';
import { Input, Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { formatAssetQuantity, formatUsd, quantityStep } from '@/lib/money';
import type { OrderField, OrderInput } from '../order-input';

type OrderForm = UseFormReturn<OrderInput, unknown, TradeRequest>;

interface FieldsProps {
  asset: Asset;
  idPrefix: string;
  form: OrderForm;
  input: OrderInput;
  /** Why the order cannot be placed, shown under the field typed in; null when it can. */
  problem: string | null;
  onEdit: (field: OrderField, text: string) => void;
}

export function OrderFields(props: FieldsProps) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const { asset, idPrefix } = props;
  const isMetal = asset.kind === 'metal';
  return (
    <>
      <div className="grid items-start gap-x-4 gap-y-2 sm:grid-cols-[1fr_auto_1fr]">
        <AmountField
          {...props}
          field="quantity"
          label={isMetal ? t('order.milligrams') : t('order.units', { symbol: asset.symbol })}
          step={quantityStep(asset)}
        />
        <ArrowLeftRight
          aria-hidden
          className="mx-auto mt-[2.375rem] hidden size-5 text-muted-foreground sm:block"
        />
        <AmountField
          {...props}
          field="total"
          label={isMetal ? t('order.amountUsd') : t('order.totalUsd')}
          step="0.01"
        />
      </div>
      <p id={`${idPrefix}-minimum`} className="-mt-4 text-sm text-muted-foreground">
        {t('order.minimum', {
          quantity: formatAssetQuantity(t, asset, minimumQuantity(asset)),
          amount: formatUsd(minimumOrderUsd),
        })}
      </p>
    </>
  );
}

function AmountField({
  idPrefix,
  form,
  input,
  problem,
  onEdit,
  field,
  label,
  step,
}: FieldsProps & { field: OrderField; label: string; step: string }) {
  const id = `${idPrefix}-${field}`;
  const isShown = input.edited === field && problem !== null;
  const describedBy = [
    isShown ? `${id}-problem` : '',
    field === 'quantity' ? `${idPrefix}-minimum` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        dir="ltr"
        className="rtl:text-right"
        min="0"
        step={step}
        autoComplete="off"
        aria-invalid={isShown}
        aria-describedby={describedBy || undefined}
        {...form.register(field, {
          onChange: (event: { target: { value: string } }) => onEdit(field, event.target.value),
        })}
      />
      <p
        id={`${id}-problem`}
        aria-live="polite"
        className="min-h-5 text-sm text-destructive"
        data-testid={`${field}-problem`}
      >
        {input.edited === field ? problem : null}
      </p>
    </div>
  );
}
