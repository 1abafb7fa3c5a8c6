// How a limit order reads (issue 29): its limit per mg or per unit with every decimal it has, its
// quantity with its unit, what it reserves (cash for a buy, the quantity for a sell), the day it
// is good until (UTC), and the whole order in a line ("Buy 10.000 mg at or below $0.060000 per
// mg"). A symbol the catalogue no longer lists reads by its symbol.
import type { TFunction } from 'i18next';
import { type Asset, findAsset } from '@secure-vault/shared/catalogue';
import { type LimitOrder, maxOrderDays, type OrderSide } from '@secure-vault/shared/orders';
import { formatDate } from '@/lib/format';
import { formatAssetQuantity, formatExactUsd, formatUsd, ltrIsolate } from '@/lib/money';

/** "$0.060000 per mg", "$114,000.00 per BTC". */
export function limitText(t: TFunction, symbol: string, price: string): string {
  const asset = findAsset(symbol);
  return asset?.kind === 'metal'
    ? t('trading:order.perMg', { price: formatUsd(price, { minimum: 6, maximum: 8 }) })
    : t('trading:order.perUnit', { price: formatExactUsd(price), symbol: asset?.symbol ?? symbol });
}

/** "10.000 mg", "0.5 BTC". */
export function quantityText(t: TFunction, symbol: string, quantity: string): string {
  const asset = findAsset(symbol);
  return asset ? formatAssetQuantity(t, asset, quantity) : `${ltrIsolate(quantity)} ${symbol}`;
}

/** What an open order holds of the vault: "$0.60" of cash, or "10.000 mg". */
export function reservedText(
  t: TFunction,
  order: Pick<LimitOrder, 'symbol' | 'side' | 'reserved'>,
): string {
  return order.side === 'buy'
    ? formatUsd(order.reserved)
    : quantityText(t, order.symbol, order.reserved);
}

/** "Buy 10.000 mg at or below $0.060000 per mg". */
export function orderText(
  t: TFunction,
  order: Pick<LimitOrder, 'symbol' | 'side' | 'quantity' | 'limitPrice'>,
): string {
  return t(`trading:orders.summary.${order.side}`, {
    quantity: quantityText(t, order.symbol, order.quantity),
    limit: limitText(t, order.symbol, order.limitPrice),
  });
}

/** The last day an order is good for (UTC), from when it expires: the end of that day. */
export function lastDayText(expiresAt: string): string {
  const lastDay = new Date(Date.parse(expiresAt) - 1);
  return formatDate(lastDay, undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A day typed `YYYY-MM-DD` as the language writes it. */
export function dayText(day: string): string {
  return formatDate(`${day}T00:00:00Z`, undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** When something happened to an order, in the reader's time zone. */
export function orderTimeText(at: string): string {
  return formatDate(at, undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The days an order may be good until, UTC: today to a year ahead, as `YYYY-MM-DD`. */
export function goodUntilRange(now = new Date()): { min: string; max: string } {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + maxOrderDays * 86_400_000);
  return { min: today, max: last.toISOString().slice(0, 10) };
}

/** The label of the quantity, with its unit: "Order quantity (mg)", "Order quantity (BTC)". */
export function quantityLabel(t: TFunction, asset: Asset): string {
  return asset.kind === 'metal'
    ? t('trading:orders.quantityMg')
    : t('trading:orders.quantityUnits', { symbol: asset.symbol });
}

/** The line under the limit: the book's price now on the order's side. */
export function bookNowText(t: TFunction, asset: Asset, side: OrderSide, price: string): string {
  return t(`trading:orders.bookNow.${side}`, { price: limitText(t, asset.symbol, price) });
}

/** A filled order's outcome: "Filled at $0.058000 per mg: you paid $0.58". */
export function fillText(t: TFunction, order: LimitOrder): string {
  return t(`trading:orders.filled.${order.side}`, {
    price: limitText(t, order.symbol, order.fillPrice ?? order.limitPrice),
    total: formatUsd(order.fillTotal ?? '0'),
  });
}
