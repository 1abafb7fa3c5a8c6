// Mail not yet delivered, for staff (issue 26, "Durable mail"): every message is kept before it
// is sent and tried again while the mail server is down; what is still waiting, and what was
// given up (refused for good, or failing every attempt), is listed with its last error, and a
// message given up can be sent again.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { noBody } from '../contract-schemas.ts';
import { undeliveredMailLimit } from './limit.ts';

// Only contracts are exported as values here (the registry lists every export as a contract).

const undeliveredMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** waiting: to be tried again at nextAttemptAt; given_up: kept with its error, not retried. */
  state: z.enum(['waiting', 'given_up']),
  attempts: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  givenUpAt: z.iso.datetime().nullable(),
  /**
   * How the last attempt failed, null before any failure: the mail server's status code when it
   * answered with a refusal (550…), else null (it could not be reached, or did not answer).
   */
  failure: z.object({ responseCode: z.number().int().nullable() }).nullable(),
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;

const undeliveredMailListSchema = z.object({
  waiting: z.number().int().nonnegative(),
  givenUp: z.number().int().nonnegative(),
  messages: z.array(undeliveredMailSchema),
});
export type UndeliveredMailList = z.infer<typeof undeliveredMailListSchema>;

export const listUndeliveredMail = defineContract({
  method: 'GET',
  path: '/api/v1/admin/mail',
  access: 'admin',
  tag: 'admin',
  summary: 'Mail not yet delivered: waiting to be tried again, or given up with its error',
  description: `The counts of each, and the newest ${undeliveredMailLimit} messages of both, newest first.`,
  status: 200,
  response: undeliveredMailListSchema,
  errors: [],
});

export const resendMail = defineContract({
  method: 'POST',
  path: '/api/v1/admin/mail/:id/resend',
  access: 'admin',
  tag: 'admin',
  summary: 'Send a given-up message again: its attempts start over and it is due at once',
  description:
    'Only a message that was given up, and only once however many ask at the same time: ' +
    'CONFLICT when it was sent or is already waiting to be tried again. The job runner sends ' +
    'it; the answer is the message as it now waits.',
  params: z.strictObject({ id: z.uuid() }),
  body: noBody,
  status: 200,
  response: undeliveredMailSchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
  // The Mail tab lists it as waiting, and the audit log shows who sent it again.
  changes: ['admin'],
});
