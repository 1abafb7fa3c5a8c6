// The development mailbox (DESIGN §5): the mail the outbox kept for one address. The server
// registers it only while the outbox is the mail transport, and never in production.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { outboxMessageSchema } from '../mail.ts';

export const getMailbox = defineContract({
  method: 'GET',
  path: '/api/v1/dev/mailbox',
  access: 'public',
  tag: 'development',
  summary: 'Mail kept by the outbox for one address, newest first',
  query: z.strictObject({ to: z.email() }),
  status: 200,
  response: z.array(outboxMessageSchema),
  errors: [],
});

// No `changes`: only the end-to-end tests call it, and the jobs it runs send their own
// realtime notices (changes.test.ts).
export const runJobs = defineContract({
  method: 'POST',
  path: '/api/v1/dev/run-jobs',
  access: 'public',
  tag: 'development',
  summary: 'Run the jobs due at a given time (a fixed term’s maturity), as if the clock said so',
  description:
    'For end-to-end tests and trying the product: only with the outbox, never in production.',
  // PostgreSQL has no year 0 (ISO's 1 BC) and would fail on it with a 500: a validation error.
  body: z.strictObject({ at: z.iso.datetime().refine((at) => !at.startsWith('0000-')) }),
  status: 200,
  response: z.object({ ran: z.number().int() }),
  errors: [],
});
