// The signed-in customer's recurring buys: listed, set up, paused, resumed and cancelled.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { noBody } from '../contract-schemas.ts';
import {
  recurringBuyInputSchema,
  recurringBuyListSchema,
  recurringBuySchema,
} from '../recurring.ts';

const tag = 'recurring';
const idParams = z.strictObject({ id: z.uuid() });

export const listRecurringBuys = defineContract({
  method: 'GET',
  path: '/api/v1/me/recurring-buys',
  access: 'user',
  tag,
  summary: 'The recurring buys, with when each buys next and its last periods',
  status: 200,
  response: recurringBuyListSchema,
  errors: [],
});

export const createRecurringBuy = defineContract({
  method: 'POST',
  path: '/api/v1/me/recurring-buys',
  access: 'user',
  tag,
  summary: 'Buy a fixed amount of an asset every week or month, on a chosen day',
  description:
    'Each period buys once, at 12:00 UTC on its day, at the book’s price; a period whose cash is ' +
    'short is skipped with a notice. A monthly day past a short month’s end runs on its last day. ' +
    'VALIDATION when 20 plans are already kept.',
  body: recurringBuyInputSchema,
  status: 201,
  response: recurringBuySchema,
  errors: ['UNKNOWN_ASSET'],
  changes: ['recurringBuys'],
});

const action = (verb: 'pause' | 'resume' | 'cancel', summary: string) =>
  defineContract({
    method: 'POST',
    path: `/api/v1/me/recurring-buys/:id/${verb}`,
    access: 'user',
    tag,
    summary,
    description:
      'CONFLICT when the plan is not in a state this applies to (a cancelled plan stays so).',
    params: idParams,
    body: noBody,
    status: 200,
    response: recurringBuySchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
    changes: ['recurringBuys'],
  });

export const pauseRecurringBuy = action(
  'pause',
  'Pause a recurring buy: no period buys until resumed',
);
export const resumeRecurringBuy = action(
  'resume',
  'Resume a paused recurring buy from its next day',
);
export const cancelRecurringBuy = action(
  'cancel',
  'Cancel a recurring buy for good; its history stays',
);
