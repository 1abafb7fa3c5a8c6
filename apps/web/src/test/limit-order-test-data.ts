// Limit orders as GET /api/v1/me/orders answers them (issue 29), for stubApi.
import type { LimitOrder } from '@secure-vault/shared/orders';

let next = 0;

/** An open order buying 1,000 mg of gold at or below $0.055 per mg unless `fields` say otherwise. */
export function limitOrder(fields: Partial<LimitOrder> = {}): LimitOrder {
  next += 1;
  return {
    id: `00000000-0000-4000-a000-${String(next).padStart(12, '0')}`,
    symbol: 'AU',
    side: 'buy',
    quantity: '1000.000',
    limitPrice: '0.055',
    reserved: '55.00',
    status: 'open',
    expiresAt: null,
    createdAt: '2026-12-01T09:30:00.000Z',
    closedAt: null,
    fillPrice: null,
    fillTotal: null,
    ...fields,
  };
}

/** The answer to GET /api/v1/me/orders. */
export function ordersReply(items: readonly LimitOrder[] = []) {
  return { status: 200, body: { items } };
}

/** A VALIDATION refusal naming a field of the body, as the server words one. */
export function orderRefusal(field: string, message: string) {
  return {
    status: 400,
    body: {
      error: {
        code: 'VALIDATION',
        message: 'The request is not valid.',
        issues: [{ path: `body.${field}`, message }],
      },
    },
  };
}
