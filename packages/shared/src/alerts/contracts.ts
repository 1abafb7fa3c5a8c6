// The signed-in customer's price alerts: listed, set, and removed.
import { z } from 'zod';
import { priceAlertInputSchema, priceAlertListSchema, priceAlertSchema } from '../alerts.ts';
import { defineContract } from '../contract.ts';
import { noContent } from '../contract-schemas.ts';

const tag = 'alerts';

export const listPriceAlerts = defineContract({
  method: 'GET',
  path: '/api/v1/me/price-alerts',
  access: 'user',
  tag,
  summary: 'The price alerts waiting, and the last ones that fired',
  status: 200,
  response: priceAlertListSchema,
  errors: [],
});

export const createPriceAlert = defineContract({
  method: 'POST',
  path: '/api/v1/me/price-alerts',
  access: 'user',
  tag,
  summary: "Be told once an asset's sell price reaches a level, above or below",
  description:
    'VALIDATION on `price` when the book is already past the level (an alert that would fire ' +
    'at once), or when 50 alerts are already waiting.',
  body: priceAlertInputSchema,
  status: 201,
  response: priceAlertSchema,
  errors: ['UNKNOWN_ASSET'],
  changes: ['priceAlerts'],
});

export const deletePriceAlert = defineContract({
  method: 'DELETE',
  path: '/api/v1/me/price-alerts/:id',
  access: 'user',
  tag,
  summary: 'Remove a price alert of your own',
  params: z.strictObject({ id: z.uuid() }),
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND'],
  changes: ['priceAlerts'],
});
