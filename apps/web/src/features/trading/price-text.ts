// How prices read on the trading screens (SPEC §9): the book's price (decision 028), SPEC §9's
// listed price where none is given, and its 24 h change; the dollar formatting itself is
// lib/money.ts's.
import type { TFunction } from 'i18next';
import { type Asset, metalListDecimals } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import { numberFormat } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { formatExactUsd, formatUsd, intlFigure } from '@/lib/money';

// A book price has at most 8 decimals (decision 028): every one of them is shown, none rounded.
const bookPriceDecimals = 8;

/** A metal's price in the list: 5 decimals under $0.01, otherwise 3, and any further it has. */
export function formatMetalListPrice(price: string): string {
  const decimals = metalListDecimals(price);
  return formatUsd(price, { minimum: decimals, maximum: bookPriceDecimals });
}

/** A crypto's price, exactly ($115,000.00, $0.000012). */
export function formatCryptoPrice(price: string): string {
  return formatExactUsd(price);
}

/** "$0.057000 per mg" (6 decimals in the calculator, more if it has them) or "$115,000.00 per BTC". */
export function formatUnitPrice(t: TFunction, asset: Asset, price: string = asset.price): string {
  return asset.kind === 'metal'
    ? t('trading:order.perMg', {
        price: formatUsd(price, { minimum: 6, maximum: bookPriceDecimals }),
      })
    : t('trading:order.perUnit', {
        price: formatCryptoPrice(price),
        symbol: asset.symbol,
      });
}

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
