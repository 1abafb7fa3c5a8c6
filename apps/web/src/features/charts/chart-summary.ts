// The sentence that names a chart for screen readers, and the signed change a reader sees above
// it: where the range starts and ends and how it moved ("up 1.25%").
import type { TFunction } from 'i18next';
import { dec } from '@secure-vault/shared/money';
import { formatUsd } from '@/lib/money';
import { formatPercentChange } from '@/lib/percent-change';
import { type Direction, rangeChange } from './chart-format';
import type { ChartRow } from './chart-model';

/** "+$12.00 (+1.25%)": a signed dollar change and, where the start is not zero, its percentage. */
export function signedChangeText(difference: string, percent: string | null): string {
  const amount = formatUsd(difference, { sign: 'exceptZero' });
  return percent === null ? amount : `${amount} (${formatPercentChange(percent)})`;
}

export interface ChartSummary {
  label: string;
  direction: Direction;
  /** The signed change shown above the chart: "+1.25%", or the amount from a start at zero. */
  changeText: string;
}

/**
 * "Gold sell price over 1 month: from … on … to … on …, up 1.25%." for the series `key` of the
 * rows; null with no rows.
 */
export function summarise(
  t: TFunction,
  { rows, key, subject, range }: { rows: ChartRow[]; key: string; subject: string; range: string },
): ChartSummary | null {
  const [first, last] = [rows[0], rows.at(-1)];
  const [from, to] = [first?.amounts[key], last?.amounts[key]];
  if (!first || !last || from === undefined || to === undefined) return null;
  const change = rangeChange(from, to);
  const size =
    change.percent === null
      ? formatUsd(dec(change.difference).abs().toFixed())
      : formatPercentChange(change.percent, { isSigned: false });
  const label = t(`charts:summary.${change.direction}`, {
    subject,
    range,
    first: first.texts[key],
    firstAt: first.texts.at,
    last: last.texts[key],
    lastAt: last.texts.at,
    change: size,
  });
  return {
    label,
    direction: change.direction,
    changeText:
      change.percent === null
        ? formatUsd(change.difference, { sign: 'exceptZero' })
        : formatPercentChange(change.percent),
  };
}
