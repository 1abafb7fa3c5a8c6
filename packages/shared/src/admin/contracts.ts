// The staff panel's operations (SPEC §2, §5): every account, every valuable and the net-worth
// figures; valuables added, edited and deleted, book balances set, a customer's password reset
// and a one-time link to sign in as them. Staff only; every change is journaled and audited.
import { z } from 'zod';
import { adminResetPasswordSchema, impersonationLinkSchema } from '../auth.ts';
import { defineContract } from '../contract.ts';
import { noBody, noContent } from '../contract-schemas.ts';
import {
  adminUserSchema,
  adminValuableInputSchema,
  adminValuableSchema,
  adminValuableUpdateSchema,
  bookBalanceDecisionInputSchema,
  bookBalanceDecisionSchema,
  bookBalanceInputSchema,
  platformNetWorthSchema,
  profileSchema,
  userNetWorthSchema,
  valuableSchema,
} from '../vault.ts';

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
});

export const impersonateUser = defineContract({
  method: 'POST',
  path: '/api/v1/admin/users/:id/impersonate',
  access: 'admin',
  tag,
  summary: 'A one-time link (60 s) that opens a session as this user',
  description: 'FORBIDDEN for yourself or another staff account.',
  params: idParams,
  body: noBody,
  status: 200,
  response: impersonationLinkSchema,
  errors: ['NOT_FOUND'],
});

export const setBookBalance = defineContract({
  method: 'PUT',
  path: '/api/v1/admin/users/:id/book-balance',
  access: 'admin',
  tag,
  summary: "Record a customer's book balance, pending another staff member's approval",
  description:
    'Replaces any pending amount and names the caller as its recorder; 0 clears it. Nothing ' +
    'moves until another staff member approves it (DESIGN §5 "Book balance").',
  params: idParams,
  body: bookBalanceInputSchema,
  status: 200,
  response: profileSchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
});

const bookBalanceDecision = (decision: 'approve' | 'reject') =>
  ({
    method: 'POST',
    path: `/api/v1/admin/users/:id/book-balance/${decision}`,
    access: 'admin',
    tag,
    params: idParams,
    body: bookBalanceDecisionInputSchema,
    status: 200,
    response: bookBalanceDecisionSchema,
    // FORBIDDEN (you recorded it, or it is your own account) and CONFLICT (nothing pending, or
    // another amount than the one named) are among an admin's and an idempotent call's codes.
    errors: ['NOT_FOUND'],
    idempotent: true,
  }) as const;

export const approveBookBalance = defineContract({
  ...bookBalanceDecision('approve'),
  summary: 'Approve a pending book balance another staff member recorded: it becomes cash',
  errors: ['NOT_FOUND', 'INSUFFICIENT_CASH'],
});

export const rejectBookBalance = defineContract({
  ...bookBalanceDecision('reject'),
  summary: 'Reject a pending book balance another staff member recorded: it is cleared',
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
  summary: "Add a valuable to a customer's vault; type cash credits their cash position",
  body: adminValuableInputSchema,
  status: 201,
  response: valuableSchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
});

export const editValuable = defineContract({
  method: 'PATCH',
  path: '/api/v1/admin/valuables/:id',
  access: 'admin',
  tag,
  summary: 'Edit a valuable (the cash position: its balance only; traded positions: no)',
  params: idParams,
  body: adminValuableUpdateSchema,
  status: 200,
  response: valuableSchema,
  errors: ['NOT_FOUND', 'ASSET_UNAVAILABLE', 'UNPROCESSABLE', 'INSUFFICIENT_CASH'],
  idempotent: true,
});

export const deleteValuable = defineContract({
  method: 'DELETE',
  path: '/api/v1/admin/valuables/:id',
  access: 'admin',
  tag,
  summary: 'Delete a valuable; the journal takes out its value',
  params: idParams,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND', 'ASSET_UNAVAILABLE'],
  idempotent: true,
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
