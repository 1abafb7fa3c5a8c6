// Price alerts as GET /api/v1/me/price-alerts answers them (issue 29), for stubApi.
import type { PriceAlert } from '@secure-vault/shared/alerts';

let next = 0;

/** A waiting alert on Bitcoin above $120,000 unless `fields` say otherwise; a fresh id each. */
export function priceAlert(fields: Partial<PriceAlert> = {}): PriceAlert {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    symbol: 'BTC',
    direction: 'above',
    price: '120000',
    createdAt: '2026-11-20T09:30:00.000Z',
    firedAt: null,
    firedPrice: null,
    ...fields,
  };
}

/** The answer to GET /api/v1/me/price-alerts. */
export function alertsReply(items: readonly PriceAlert[] = []) {
  return { status: 200, body: { items } };
}

/** A VALIDATION refusal naming the price field, as the server words one. */
export function priceRefusal(message: string) {
  return {
    status: 400,
    body: {
      error: {
        code: 'VALIDATION',
        message: 'The request is not valid.',
        issues: [{ path: 'body.price', message }],
      },
    },
  };
}
