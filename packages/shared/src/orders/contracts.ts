// Limit orders: the signed-in customer's own, listed, placed and cancelled; and the staff view of
// the open orders of one asset.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { noBody } from '../contract-schemas.ts';
import {
  limitOrderInputSchema,
  limitOrderListSchema,
  limitOrderSchema,
  openOrdersSchema,
} from '../orders.ts';
import { assetSymbolSchema } from '../trading.ts';

const tag = 'orders';

export const listLimitOrders = defineContract({
  method: 'GET',
  path: '/api/v1/me/orders',
  access: 'user',
  tag,
  summary: 'The limit orders open, and the last ones filled, cancelled or expired',
  status: 200,
  response: limitOrderListSchema,
  errors: [],
});

export const placeLimitOrder = defineContract({
  method: 'POST',
  path: '/api/v1/me/orders',
  access: 'user',
  tag,
  summary: 'Buy at or below a price, or sell at or above it, until cancelled or a chosen day',
  description:
    'Reserves what the order needs while it is open: a buy, its quantity × `limitPrice` in cash ' +
    '(rounded up to the cent); a sell, its quantity of the holding. When the book’s price on the ' +
    'order’s side reaches the limit, the order fills once, whole, at the book’s price (the limit ' +
    'or better), and a buy’s unused cash comes back. An order the book already crosses fills at ' +
    'once. `goodUntil` is the last day (UTC) it is good for, today at the earliest and a year ' +
    'ahead at the latest; null keeps it until cancelled. VALIDATION when 100 orders are open. ' +
    'Repeating the Idempotency-Key with the same body returns the first answer and reserves ' +
    'nothing again.',
  body: limitOrderInputSchema,
  status: 201,
  response: limitOrderSchema,
  errors: [
    'UNKNOWN_ASSET',
    'QUANTITY_INVALID',
    'BELOW_MINIMUM',
    'INSUFFICIENT_CASH',
    'INSUFFICIENT_HOLDING',
    'ASSET_UNAVAILABLE',
  ],
  idempotent: true,
  changes: ['valuables', 'orders'],
});

export const cancelLimitOrder = defineContract({
  method: 'POST',
  path: '/api/v1/me/orders/:id/cancel',
  access: 'user',
  tag,
  summary: 'Cancel an open limit order, releasing what it reserved',
  description: 'CONFLICT when the order has already filled, been cancelled or expired.',
  params: z.strictObject({ id: z.uuid() }),
  body: noBody,
  status: 200,
  response: limitOrderSchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
  changes: ['valuables', 'orders'],
});

export const listOpenOrders = defineContract({
  method: 'GET',
  path: '/api/v1/admin/orders/:symbol',
  access: 'admin',
  tag,
  summary: 'The open limit orders of one asset, with what they reserve',
  params: z.strictObject({ symbol: assetSymbolSchema }),
  status: 200,
  response: openOrdersSchema,
  errors: ['UNKNOWN_ASSET'],
});
