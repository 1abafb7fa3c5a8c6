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
