// How prices read on the trading screens (SPEC §9): the book's price (decision 028), SPEC §9's
// listed price where none is given; the dollar formatting itself is lib/money.ts's, the 24 h
// change's lib/percent-change.ts's.
import type { TFunction } from 'i18next';
import { type Asset, metalListDecimals } from '@secure-vault/shared/catalogue';
import { formatExactUsd, formatUsd } from '@/lib/money';

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
