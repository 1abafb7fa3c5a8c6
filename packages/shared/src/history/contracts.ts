// History's operations: the signed-in customer's own journal, a page at a time with summary
// counts, the same filtered rows as a CSV download (a link, not a fetch), and one movement as
// its receipt.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { historyExportQuerySchema, historyPageSchema, historyQuerySchema } from '../history.ts';
import { historyReceiptSchema } from '../history-receipt.ts';

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

export const getHistoryReceipt = defineContract({
  method: 'GET',
  path: '/api/v1/me/history/:id',
  access: 'user',
  tag,
  summary: 'One movement of your history as its receipt',
  description:
    "`id` is a movement's id in the history list. Another customer's movement, an unknown id and a malformed one all answer the same 404.",
  // Any text, so a malformed id is answered as an unknown one is, never as a 400.
  params: z.strictObject({ id: z.string() }),
  status: 200,
  response: historyReceiptSchema,
  errors: ['NOT_FOUND'],
});
