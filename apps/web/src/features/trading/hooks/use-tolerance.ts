// How far the book may move from a shown price before an order is refused (PRICE_TOLERANCE, as
// the public book says it), as a percentage for the order screens' wording.
import { defaultPriceTolerance, tolerancePercent } from '@secure-vault/shared/prices';
import { usePrices } from '../api/get-prices';

export function useTolerancePercent(): string {
  const { data } = usePrices();
  return tolerancePercent(data?.tolerance ?? defaultPriceTolerance);
}
