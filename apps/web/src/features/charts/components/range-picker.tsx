// The range buttons above a chart (1D 1W 1M 1Y All): native radio buttons drawn as a segmented
// control, so arrow keys move between them in either direction of text and a screen reader hears
// a group of choices with the one selected.
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { ChartRange } from '../chart-format';

export function RangePicker<R extends ChartRange>({
  ranges,
  value,
  onChange,
  label,
}: {
  ranges: readonly R[];
  value: R;
  onChange: (range: R) => void;
  /** The group's name for screen readers: "Price chart range". */
  label: string;
}) {
  const { t } = useTranslation('charts');
  const name = useId();
  return (
    <fieldset className="min-w-0" data-testid="range-picker">
      <legend className="sr-only">{label}</legend>
      <div className="inline-flex rounded-md border bg-muted p-0.5">
        {ranges.map((range) => (
          <label key={range} className="relative">
            <input
              type="radio"
              name={name}
              value={range}
              checked={range === value}
              onChange={() => onChange(range)}
              aria-label={t(`ranges.${range}.long`)}
              className="peer sr-only"
            />
            <span
              aria-hidden
              className="flex h-8 min-w-11 cursor-pointer items-center justify-center rounded-sm px-2 text-xs font-semibold text-muted-foreground transition-colors peer-checked:bg-card peer-checked:text-foreground peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring hover:text-foreground"
            >
              {t(`ranges.${range}.short`)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
