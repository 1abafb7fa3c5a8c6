// The staff panel's operations (SPEC §2, §5): every account, every valuable and the net-worth
// figures; valuables added, edited and deleted and book balances set — each a proposal another
// staff member approves (approvals/contracts.ts) — a customer's password reset and a one-time
// link to sign in as them. Staff only; every change is journaled and audited.
import { z } from 'zod';
import { adminResetPasswordSchema, impersonationLinkSchema } from '../auth.ts';
import { defineContract } from '../contract.ts';
import { noBody, noContent } from '../contract-schemas.ts';
import {
  adminUserSchema,
  adminValuableInputSchema,
  adminValuableSchema,
  adminValuableUpdateSchema,
  bookBalanceInputSchema,
  platformNetWorthSchema,
  userNetWorthSchema,
} from '../vault.ts';
import { proposalSchema } from '../approvals.ts';

const tag = 'admin';
const idParams = z.strictObject({ id: z.uuid() });

export const getUsers = defineContract({
  method: 'GET',
  path: '/api/v1/admin/users',
  access: 'admin',
  tag,
  summary: 'Every account with account number and book balance, newest first',
  status: 200,
  response: z.array(adminUserSchema),
  errors: [],
});

export const resetUserPassword = defineContract({
  method: 'POST',
  path: '/api/v1/admin/users/:id/reset-password',
  access: 'admin',
  tag,
  summary: "Set a user's password; every session of that user ends",
  params: idParams,
  body: adminResetPasswordSchema,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND'],
  // The panel's audit log shows it.
  changes: ['admin'],
});

export const impersonateUser = defineContract({
  method: 'POST',
  path: '/api/v1/admin/users/:id/impersonate',
  access: 'admin',
  tag,
  summary: 'A one-time link (60 s) that opens a session as this user',
  description: 'OWN_ACCOUNT for yourself, STAFF_ACCOUNT for another staff account.',
  params: idParams,
  body: noBody,
  status: 200,
  response: impersonationLinkSchema,
  errors: ['NOT_FOUND'],
  // The panel's audit log shows it.
  changes: ['admin'],
});

export const setBookBalance = defineContract({
  method: 'PUT',
  path: '/api/v1/admin/users/:id/book-balance',
  access: 'admin',
  tag,
  summary: "Propose a customer's book balance; another staff member approves it into cash",
  description:
    'Replaces any pending amount (withdrawing its proposal) and names the caller as its maker; ' +
    '0 clears it and answers null. Nothing moves until another staff member approves the ' +
    'proposal (DESIGN §4 "Dual control", §5 "Book balance").',
  params: idParams,
  body: bookBalanceInputSchema,
  status: 202,
  response: proposalSchema.nullable(),
  errors: ['NOT_FOUND'],
  idempotent: true,
  // A pending amount another recorded is replaced: its waiting notices (the caller's too) are
  // read now, and its maker is told.
  changes: ['admin', 'notifications'],
});

export const getAllValuables = defineContract({
  method: 'GET',
  path: '/api/v1/admin/valuables',
  access: 'admin',
  tag,
  summary: "Every customer's valuables in the vault with the owner's email, newest first",
  status: 200,
  response: z.array(adminValuableSchema),
  errors: [],
});

export const addValuable = defineContract({
  method: 'POST',
  path: '/api/v1/admin/valuables',
  access: 'admin',
  tag,
  summary: "Propose a valuable for a customer's vault (type cash: a credit to their cash)",
  description:
    'Custody intake: the item counts nowhere until another staff member approves it. A ' +
    'bookBalance (above 0) also proposes that book balance for the customer, as PUT ' +
    '…/book-balance does, in the same transaction; each proposal is decided on its own.',
  body: adminValuableInputSchema,
  status: 202,
  response: proposalSchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
  changes: ['admin'],
});

export const editValuable = defineContract({
  method: 'PATCH',
  path: '/api/v1/admin/valuables/:id',
  access: 'admin',
  tag,
  summary: 'Propose an edit of a valuable (the cash position: its balance; traded: no)',
  description:
    "A bookBalance (above 0) also proposes that book balance for the valuable's owner, in the " +
    'same transaction; each proposal is decided on its own.',
  params: idParams,
  body: adminValuableUpdateSchema,
  status: 202,
  response: proposalSchema,
  errors: ['NOT_FOUND', 'ASSET_UNAVAILABLE', 'UNPROCESSABLE', 'INSUFFICIENT_CASH'],
  idempotent: true,
  changes: ['admin'],
});

export const deleteValuable = defineContract({
  method: 'DELETE',
  path: '/api/v1/admin/valuables/:id',
  access: 'admin',
  tag,
  summary: 'Propose taking a valuable out of the vault; the journal takes out its value',
  params: idParams,
  status: 202,
  response: proposalSchema,
  errors: ['NOT_FOUND', 'ASSET_UNAVAILABLE'],
  idempotent: true,
  changes: ['admin'],
});

export const getPlatformNetWorth = defineContract({
  method: 'GET',
  path: '/api/v1/admin/net-worth',
  access: 'admin',
  tag,
  summary: 'Platform net worth: every book balance plus every valuable in the vault',
  status: 200,
  response: platformNetWorthSchema,
  errors: [],
});

export const getUserNetWorths = defineContract({
  method: 'GET',
  path: '/api/v1/admin/net-worth/users',
  access: 'admin',
  tag,
  summary: 'Net worth per customer, largest first, ranked from 1',
  status: 200,
  response: z.array(userNetWorthSchema),
  errors: [],
});
