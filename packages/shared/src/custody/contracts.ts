// Custody's operations: fixed terms (lock a holding for a term, profit paid as cash at maturity
// by a job) and physical delivery with tracking (shared/custody.ts). Money- and asset-moving
// POSTs take an Idempotency-Key; delivery needs approved KYC and is refused to impersonating
// staff.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { noBody } from '../contract-schemas.ts';
import {
  adminDeliverySchema,
  adminTrackingRecordSchema,
  deliveryListQuerySchema,
  deliveryParamsSchema,
  deliveryRequestSchema,
  deliverySchema,
  deliveryStatusChangeSchema,
  fixedTermOfferSchema,
  fixedTermRequestSchema,
  fixedTermSchema,
  trackingInputSchema,
  trackingRecordSchema,
} from '../custody.ts';

const tag = 'custody';

export const listFixedTermOffers = defineContract({
  method: 'GET',
  path: '/api/v1/fixed-terms',
  access: 'public',
  tag,
  summary: 'The four terms: 1, 3, 6 and 12 months at 5, 10, 25 and 50 % profit',
  status: 200,
  response: z.array(fixedTermOfferSchema),
  errors: [],
});

export const createFixedTerm = defineContract({
  method: 'POST',
  path: '/api/v1/me/fixed-terms',
  access: 'user',
  tag,
  summary: 'Fix a holding, or part of a traded position, for a term',
  description:
    'Eligible: active, positive value, not cash, not in delivery, not already fixed. Maturity counts calendar months in UTC (31 January + 1 month = the last day of February). At maturity the profit (value × rate, whole cents) is credited as cash and the holding unlocks.',
  body: fixedTermRequestSchema,
  status: 201,
  response: fixedTermSchema,
  errors: ['NOT_FOUND', 'ASSET_UNAVAILABLE', 'QUANTITY_INVALID', 'INSUFFICIENT_HOLDING'],
  idempotent: true,
  changes: ['valuables'],
});

export const getMyFixedTerms = defineContract({
  method: 'GET',
  path: '/api/v1/me/fixed-terms',
  access: 'user',
  tag,
  summary: 'Your active and matured terms, newest first',
  status: 200,
  response: z.array(fixedTermSchema),
  errors: [],
});

export const createDelivery = defineContract({
  method: 'POST',
  path: '/api/v1/me/deliveries',
  access: 'user',
  tag,
  summary: 'Ask for a physical item or metal to be delivered',
  description:
    'A whole valuable, or part of a metal position (quantity in mg). Digital assets (crypto and cash) cannot be delivered. The item is in delivery until it is delivered (it leaves the vault) or cancelled (it returns).',
  body: deliveryRequestSchema,
  status: 201,
  response: deliverySchema,
  errors: [
    'KYC_REQUIRED',
    'NOT_FOUND',
    'NOT_DELIVERABLE',
    'ASSET_UNAVAILABLE',
    'QUANTITY_INVALID',
    'INSUFFICIENT_HOLDING',
  ],
  idempotent: true,
  refusesImpersonation: true,
  changes: ['valuables', 'requests', 'notifications'],
});

export const getMyDeliveries = defineContract({
  method: 'GET',
  path: '/api/v1/me/deliveries',
  access: 'user',
  tag,
  summary: 'Your delivery requests with their tracking, newest first',
  status: 200,
  response: z.array(deliverySchema),
  errors: [],
});

export const cancelDelivery = defineContract({
  method: 'POST',
  path: '/api/v1/me/deliveries/:id/cancel',
  access: 'user',
  tag,
  summary: 'Cancel a delivery before it ships; the item returns to your vault',
  params: deliveryParamsSchema,
  body: noBody,
  status: 200,
  response: deliverySchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
  refusesImpersonation: true,
  changes: ['valuables', 'requests', 'notifications'],
});

// ── Staff ────────────────────────────────────────────────────────────────────────────────
export const listDeliveries = defineContract({
  method: 'GET',
  path: '/api/v1/admin/deliveries',
  access: 'admin',
  tag,
  summary: 'Every delivery request, newest first, with its tracking',
  query: deliveryListQuerySchema,
  status: 200,
  response: z.array(adminDeliverySchema),
  errors: [],
});

export const setDeliveryStatus = defineContract({
  method: 'POST',
  path: '/api/v1/admin/deliveries/:id/status',
  access: 'admin',
  tag,
  summary:
    'Move a delivery on: pending → processing → shipped → delivered, or cancel before it ships',
  description:
    'Delivered takes the item out of the vault and net worth with a journal entry; cancelled returns it. A step out of order answers CONFLICT.',
  params: deliveryParamsSchema,
  body: deliveryStatusChangeSchema,
  status: 200,
  response: adminDeliverySchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
  changes: ['admin'],
});

export const listTracking = defineContract({
  method: 'GET',
  path: '/api/v1/admin/tracking',
  access: 'admin',
  tag,
  summary: 'Every tracking record, newest first, with the recipient and the customer’s email',
  status: 200,
  response: z.array(adminTrackingRecordSchema),
  errors: [],
});

export const addTracking = defineContract({
  method: 'POST',
  path: '/api/v1/admin/deliveries/:id/tracking',
  access: 'admin',
  tag,
  summary: 'Add a tracking record to a delivery',
  params: deliveryParamsSchema,
  body: trackingInputSchema,
  status: 201,
  response: trackingRecordSchema,
  errors: ['NOT_FOUND'],
  changes: ['admin'],
});
