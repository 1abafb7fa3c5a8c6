// The vault's operations: the signed-in customer's own profile, valuables and summary. Each is
// one statement joined to the live session on the server (an impersonating staff member sees
// the customer's).
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { profileSchema, summarySchema, valuableSchema, valuablesQuerySchema } from '../vault.ts';

const tag = 'vault';

export const getProfile = defineContract({
  method: 'GET',
  path: '/api/v1/me/profile',
  access: 'user',
  tag,
  summary: 'Your profile',
  status: 200,
  response: profileSchema,
  errors: [],
});

export const getValuables = defineContract({
  method: 'GET',
  path: '/api/v1/me/valuables',
  access: 'user',
  tag,
  summary: 'Your valuables in the vault (not delivered), newest stored first by default',
  query: valuablesQuerySchema,
  status: 200,
  response: z.array(valuableSchema),
  errors: [],
});

export const getSummary = defineContract({
  method: 'GET',
  path: '/api/v1/me/summary',
  access: 'user',
  tag,
  summary: 'Cash, book balance, total net worth and its allocation by item type',
  status: 200,
  response: summarySchema,
  errors: [],
});
