// Saved recipients (DESIGN §5, asset transfers): the other customers' account numbers a customer
// keeps under a nickname of their own, to pick instead of typing the number. A saved recipient
// is only a number and a nickname: picking one goes through confirmation of payee like a typed
// number (findRecipient, its masked name and its per-user limit), and saving one counts as such a
// lookup, so the list can never be a way to learn whose numbers exist. Messages are locale keys
// of the `banking` namespace (and `transfers` for the account number's own).
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { noContent } from '../contract-schemas.ts';
import { singleLineText } from '../text.ts';
import { accountNumberSchema } from '../transfers.ts';

/** How many recipients one customer may keep. */
export const savedRecipientLimit = 50;
/** The longest nickname, in characters. */
export const nicknameMaxLength = 40;

const nicknameSchema = singleLineText('banking:recipients.errors.nicknameRequired')
  .min(1, 'banking:recipients.errors.nicknameRequired')
  .max(nicknameMaxLength, 'banking:recipients.errors.nicknameTooLong');

export const savedRecipientInputSchema = z.strictObject({
  accountNumber: accountNumberSchema,
  nickname: nicknameSchema,
});

export const savedRecipientRenameSchema = z.strictObject({ nickname: nicknameSchema });

/** No masked name here: that is confirmation of payee's, asked when the recipient is picked. */
export const savedRecipientSchema = z.object({
  id: z.uuid(),
  accountNumber: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
});
export type SavedRecipient = z.infer<typeof savedRecipientSchema>;

const savedRecipientParamsSchema = z.strictObject({ id: z.uuid() });

const tag = 'banking';

export const getSavedRecipients = defineContract({
  method: 'GET',
  path: '/api/v1/me/recipients',
  access: 'user',
  tag,
  summary: 'Your saved recipients, by nickname',
  status: 200,
  response: z.array(savedRecipientSchema),
  errors: [],
});

export const saveRecipient = defineContract({
  method: 'POST',
  path: '/api/v1/me/recipients',
  access: 'user',
  tag,
  summary: 'Save another customer’s account number under a nickname of yours',
  description: `Counts as one account lookup (findRecipient's per-user limit). An unknown number is NOT_FOUND; your own number, or one already saved, is a VALIDATION issue on the number. At most ${savedRecipientLimit} recipients: one more is CONFLICT.`,
  body: savedRecipientInputSchema,
  status: 201,
  response: savedRecipientSchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
  refusesImpersonation: true,
  changes: ['recipients'],
});

export const renameRecipient = defineContract({
  method: 'PATCH',
  path: '/api/v1/me/recipients/:id',
  access: 'user',
  tag,
  summary: 'Give one of your saved recipients another nickname',
  params: savedRecipientParamsSchema,
  body: savedRecipientRenameSchema,
  status: 200,
  response: savedRecipientSchema,
  errors: ['NOT_FOUND'],
  refusesImpersonation: true,
  changes: ['recipients'],
});

export const deleteRecipient = defineContract({
  method: 'DELETE',
  path: '/api/v1/me/recipients/:id',
  access: 'user',
  tag,
  summary: 'Remove one of your saved recipients',
  params: savedRecipientParamsSchema,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND'],
  refusesImpersonation: true,
  changes: ['recipients'],
});
