// What a swap will do, priced exactly as the server prices it (DESIGN §5): the quantity given
// is worth q × p_from; the target gets that value ÷ p_to rounded down to its quantity step; the
// rest, less than one step of the target, comes back as cash.
import { type Asset, priceOf, quantityDecimals } from '@secure-vault/shared/catalogue';
import { Dec, dec, toFixedString } from '@secure-vault/shared/money';
import { quote } from '@secure-vault/shared/trading';
import { normalizeDecimal } from '@/lib/trade';

export type SwapProblem =
  'QUANTITY_INVALID' | 'BELOW_MINIMUM' | 'TOO_LARGE' | 'INSUFFICIENT_HOLDING' | 'SAME_ASSET';

export type SwapPreview =
  | { status: 'empty' }
  | { status: 'invalid'; problem: SwapProblem }
  | {
      status: 'ok';
      /** The quantity to send, as typed without trailing zeros. */
      quantity: string;
      give: { quantity: string; value: string };
      receive: { quantity: string; value: string };
      cashRemainder: string;
    };

export function previewSwap(
  from: Asset,
  to: Asset,
  quantityText: string,
  held: string,
): SwapPreview {
  const quantity = normalizeDecimal(quantityText);
  if (quantity === '') return { status: 'empty' };
  if (from.symbol === to.symbol) return { status: 'invalid', problem: 'SAME_ASSET' };
  const out = quote(from, { quantity });
  if (!out.ok) {
    return {
      status: 'invalid',
      problem: out.error === 'TOTAL_INVALID' ? 'QUANTITY_INVALID' : out.error,
    };
  }
  if (dec(out.quote.quantity).greaterThan(held)) {
    return { status: 'invalid', problem: 'INSUFFICIENT_HOLDING' };
  }
  const value = dec(out.quote.total);
  const received = value
    .dividedBy(priceOf(to))
    .toDecimalPlaces(quantityDecimals(to), Dec.ROUND_DOWN);
  if (received.isZero()) return { status: 'invalid', problem: 'BELOW_MINIMUM' };
  const receivedValue = received.times(priceOf(to));
  return {
    status: 'ok',
    quantity,
    give: { quantity: out.quote.quantity, value: out.quote.total },
    receive: { quantity: toFixedString(received), value: toFixedString(receivedValue) },
    cashRemainder: toFixedString(value.minus(receivedValue)),
  };
}
