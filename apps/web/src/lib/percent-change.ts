// A price's change in percent as the language writes it: the trading screens' 24 h change and the
// staff Prices tab's (decision 028) read the same.
import type { Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import { numberFormat } from './format';
import { currentLanguage } from './i18n';
import { intlFigure } from './money';

// Bidirectional marks Intl puts around an Arabic percentage; the caller isolates the figure.
const directionMarks = /[\u200e\u200f\u061c]/g;

/**
 * A change in percent ("1.25", "-0.5") as the language writes it, to 2 decimals: "+1.25%",
 * "-0.50%", "0.00%". `isSigned: false` gives its size alone, for a sentence that says the way.
 */
export function formatPercentChange(
  change: string,
  {
    isSigned = true,
    language = currentLanguage(),
  }: { isSigned?: boolean; language?: Language } = {},
): string {
  const fraction = dec(change).dividedBy(100);
  const format = numberFormat(language, `percent-change-${isSigned ? 'signed' : 'size'}`, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: isSigned ? 'exceptZero' : 'never',
  });
  return format.format(intlFigure(fraction.toFixed())).replace(directionMarks, '');
}
