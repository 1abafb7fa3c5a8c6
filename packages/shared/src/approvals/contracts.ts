// The staff approvals queue (DESIGN §4 "Dual control"): every proposal to change value on a
// customer's account, approved or rejected by a staff member other than its maker, or withdrawn
// by its maker. Approval makes the change once, in one ledger movement.
import { z } from 'zod';
import {
  proposalListQuerySchema,
  proposalPageSchema,
  proposalRejectionSchema,
  proposalSchema,
} from '../approvals.ts';
import { defineContract } from '../contract.ts';
import { noBody } from '../contract-schemas.ts';

const tag = 'approvals';
const idParams = z.strictObject({ id: z.uuid() });

export const listProposals = defineContract({
  method: 'GET',
  path: '/api/v1/admin/proposals',
  access: 'admin',
  tag,
  summary: 'Proposals waiting for a second staff member (oldest first), or decided ones',
  query: proposalListQuerySchema,
  status: 200,
  response: proposalPageSchema,
  errors: [],
});

export const approveProposal = defineContract({
  method: 'POST',
  path: '/api/v1/admin/proposals/:id/approve',
  access: 'admin',
  tag,
  summary: 'Approve a proposal another staff member made: its change takes effect, once',
  description:
    'SAME_STAFF for its maker (or whoever made the request while signed in as the customer), ' +
    'OWN_ACCOUNT on your own account; CONFLICT once decided or when what it changes has ' +
    'changed since it was proposed.',
  params: idParams,
  body: noBody,
  status: 200,
  response: proposalSchema,
  errors: ['NOT_FOUND', 'INSUFFICIENT_CASH', 'ASSET_UNAVAILABLE', 'UNPROCESSABLE'],
  idempotent: true,
  // The customer's own screens hear of it through the realtime notice it sends; the checker's
  // notice that it was waiting is read now, and its maker is told (each bell hears of it too).
  // An approved price change is the book's new price.
  changes: ['admin', 'notifications', 'prices'],
});

export const rejectProposal = defineContract({
  method: 'POST',
  path: '/api/v1/admin/proposals/:id/reject',
  access: 'admin',
  tag,
  summary: 'Reject a proposal another staff member made, with a reason; nothing changes',
  params: idParams,
  body: proposalRejectionSchema,
  status: 200,
  response: proposalSchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
  // As approving: the checker's waiting notice is read, and the maker is told.
  changes: ['admin', 'notifications'],
});

export const withdrawProposal = defineContract({
  method: 'POST',
  path: '/api/v1/admin/proposals/:id/withdraw',
  access: 'admin',
  tag,
  summary: 'Withdraw a pending proposal of your own; nothing changes',
  params: idParams,
  body: noBody,
  status: 200,
  response: proposalSchema,
  errors: ['NOT_FOUND'],
  idempotent: true,
  // The maker's own notices stay as they were; the others' waiting notices are read, and their
  // bells hear of it by the realtime notice.
  changes: ['admin'],
});
