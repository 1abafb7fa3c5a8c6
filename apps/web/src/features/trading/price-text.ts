// How listed prices read on the trading screens (SPEC §9); the dollar formatting itself is
// lib/money.ts's.
import type { TFunction } from 'i18next';
import { type Asset, metalListDecimals } from '@secure-vault/shared/catalogue';
import { formatExactUsd, formatUsd } from '@/lib/money';

/** A metal's price in the list: 5 decimals under $0.01, otherwise 3. */
export function formatMetalListPrice(price: string): string {
  const decimals = metalListDecimals(price);
  return formatUsd(price, { minimum: decimals });
}

/** A crypto's listed price, exactly ($115,000.00, $0.000012). */
export function formatCryptoPrice(price: string): string {
  return formatExactUsd(price);
}

/** "$0.057000 per mg" (6 decimals in the calculator) or "$115,000.00 per BTC". */
export function formatUnitPrice(t: TFunction, asset: Asset): string {
  return asset.kind === 'metal'
    ? t('trading:order.perMg', {
        price: formatUsd(asset.price, { minimum: 6 }),
      })
    : t('trading:order.perUnit', {
        price: formatCryptoPrice(asset.price),
        symbol: asset.symbol,
      });
}
