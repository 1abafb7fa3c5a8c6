// The marketing site's contact form: anyone may send the team a message (rate limited per
// address and per sender).
import { defineContract } from '../contract.ts';
import { contactMessageSchema, contactReceiptSchema } from '../contact.ts';

export const sendContactMessage = defineContract({
  method: 'POST',
  path: '/api/v1/contact',
  access: 'public',
  tag: 'marketing',
  summary: 'Send a message to the Secure Vault team',
  body: contactMessageSchema,
  status: 201,
  response: contactReceiptSchema,
  errors: [],
  changes: [],
});
