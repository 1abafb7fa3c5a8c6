// History's operations: the signed-in customer's own journal, a page at a time with summary
// counts, and the same filtered rows as a CSV download (a link, not a fetch).
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { historyExportQuerySchema, historyPageSchema, historyQuerySchema } from '../history.ts';

const tag = 'history';

export const getHistory = defineContract({
  method: 'GET',
  path: '/api/v1/me/history',
  access: 'user',
  tag,
  summary: 'Your history, newest first, with summary counts',
  description: 'Pass `nextCursor` back as `cursor` for the next page. Dates are whole days in UTC.',
  query: historyQuerySchema,
  status: 200,
  response: historyPageSchema,
  errors: [],
});

export const exportHistory = defineContract({
  method: 'GET',
  path: '/api/v1/me/history.csv',
  access: 'user',
  tag,
  summary: 'Your history as CSV: every row matching the filters',
  description:
    'The header, kinds and asset names are in `language`, or the first supported language of Accept-Language.',
  query: historyExportQuerySchema,
  status: 200,
  response: z.string().describe('RFC 4180 CSV with a header row'),
  responseType: 'text/csv',
  errors: [],
});
