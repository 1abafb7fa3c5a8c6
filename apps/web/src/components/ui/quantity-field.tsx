// How much of a holding a form takes (part of cash or of a position may move, be fixed or be
// delivered; DESIGN §5): the amount in its unit, what is there to take, and a "Whole holding"
// shortcut that fills it all in. The texts come translated from the form that uses it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';

/** What the form passes through: the field's registration, its error and the shortcut. */
export interface QuantityFieldProps {
  registration: UseFormRegisterReturn;
  /** The field's error, already translated. */
  error: string | undefined;
  onWhole: (value: string) => void;
}

export function QuantityField({
  id,
  label,
  wholeLabel,
  availableLabel,
  availableText,
  max,
  step,
  registration,
  error,
  onWhole,
}: {
  id: string;
  label: string;
  wholeLabel: string;
  /** "Available:" or "Held:", before the figure. */
  availableLabel: string;
  /** The figure, formatted in its unit. */
  availableText: string;
  /** All of it, as a plain decimal: the field's max and what "Whole holding" fills in. */
  max: string;
  step: string;
} & QuantityFieldProps) {
  const describedBy = [`${id}-available`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => onWhole(max)}
        >
          {wholeLabel}
        </Button>
      </div>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        dir="ltr"
        className="rtl:text-right"
        min="0"
        max={max}
        step={step}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...registration}
      />
      <p id={`${id}-available`} className="text-sm text-muted-foreground">
        {availableLabel} <span className="tabular-nums">{availableText}</span>
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
