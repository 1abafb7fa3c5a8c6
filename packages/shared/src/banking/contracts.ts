// Banking's operations: the account overview of /inter-accounts, and the bank accounts cash is
// withdrawn to, registered with an emailed code (DESIGN §4) under the approved KYC name. Sending
// value out of the platform needs approved KYC and is refused to impersonating staff.
import { z } from 'zod';
import { acceptedSchema } from '../auth.ts';
import {
  accountOverviewSchema,
  bankAccountInputSchema,
  bankAccountParamsSchema,
  bankAccountRegistrationSchema,
  bankAccountSchema,
} from '../banking.ts';
import { proposalSchema } from '../approvals.ts';
import { defineContract } from '../contract.ts';
import {
  adminTransferPageSchema,
  adminTransferParamsSchema,
  assetToCashRequestSchema,
  bankDepositRequestSchema,
  bankDepositSchema,
  cardDepositRequestSchema,
  recipientQuerySchema,
  recipientSchema,
  transferListQuerySchema,
  transferPageSchema,
  transferParamsSchema,
  transferRequestSchema,
  transferSchema,
  transferStatusChangeSchema,
  withdrawalRequestSchema,
} from '../transfers.ts';
import { noBody, noContent } from '../contract-schemas.ts';
import { requestLimitsSchema } from './limits.ts';

// Saved recipients' operations live beside their schemas; they are banking's operations too.
export {
  deleteRecipient,
  getSavedRecipients,
  renameRecipient,
  saveRecipient,
} from './recipients.ts';

const tag = 'banking';

export const getAccount = defineContract({
  method: 'GET',
  path: '/api/v1/me/account',
  access: 'user',
  tag,
  summary: 'Your account number, cash balance, total assets and KYC status',
  status: 200,
  response: accountOverviewSchema,
  errors: [],
});

export const sendBankAccountCode = defineContract({
  method: 'POST',
  path: '/api/v1/me/bank-accounts/code',
  access: 'user',
  tag,
  summary: 'Check a bank account’s details, then email the 6-digit code that confirms it',
  description:
    'The details are checked as the registration checks them (the account name against the approved KYC name, an IBAN not yet registered) before a code is sent. CODE_TOO_SOON carries `retryAfterSeconds` in its details.',
  body: bankAccountInputSchema,
  status: 202,
  response: acceptedSchema,
  errors: ['KYC_REQUIRED', 'CODE_TOO_SOON', 'CONFLICT'],
  refusesImpersonation: true,
  changes: [],
});

export const registerBankAccount = defineContract({
  method: 'POST',
  path: '/api/v1/me/bank-accounts',
  access: 'user',
  tag,
  summary: 'Register a bank account with the emailed code; it is saved verified',
  description:
    'All six fields are required; the IBAN passes mod-97, the SWIFT code is a valid BIC, and the account name equals the approved KYC full name (case and spacing aside).',
  body: bankAccountRegistrationSchema,
  status: 201,
  response: bankAccountSchema,
  errors: ['KYC_REQUIRED', 'CODE_INVALID', 'CODE_EXPIRED', 'CONFLICT'],
  refusesImpersonation: true,
  changes: ['bankAccounts', 'notifications'],
});

export const getBankAccounts = defineContract({
  method: 'GET',
  path: '/api/v1/me/bank-accounts',
  access: 'user',
  tag,
  summary: 'Your registered bank accounts, newest first',
  status: 200,
  response: z.array(bankAccountSchema),
  errors: [],
});

export const deleteBankAccount = defineContract({
  method: 'DELETE',
  path: '/api/v1/me/bank-accounts/:id',
  access: 'user',
  tag,
  summary: 'Remove a bank account (refused while a withdrawal to it is pending)',
  params: bankAccountParamsSchema,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND', 'CONFLICT'],
  refusesImpersonation: true,
  changes: ['bankAccounts'],
});

export const getRequestLimits = defineContract({
  method: 'GET',
  path: '/api/v1/me/limits',
  access: 'user',
  tag,
  summary: 'The deposit and withdrawal limits, and what is left of today’s',
  description:
    'Per request and per 24 hours (banking/limits.ts); the daily figures count your pending and completed requests of the last 24 hours.',
  status: 200,
  response: requestLimitsSchema,
  errors: [],
});

// ── Transfers and requests (shared/transfers.ts) ────────────────────────────────────────
export const findRecipient = defineContract({
  method: 'GET',
  path: '/api/v1/transfers/recipient',
  access: 'user',
  tag,
  summary: 'Who a transfer to this account number would reach, with their name masked',
  description:
    'Confirmation of payee before a transfer. A Luhn-invalid number is a VALIDATION error; an unknown number or your own is refused. Limited per user against enumeration.',
  query: recipientQuerySchema,
  status: 200,
  response: recipientSchema,
  errors: ['NOT_FOUND'],
});

export const createTransfer = defineContract({
  method: 'POST',
  path: '/api/v1/transfers',
  access: 'user',
  tag,
  summary: 'Send a valuable, or part of a traded position or of cash, to another customer',
  description:
    'Moves at once and atomically, journaled on both sides; the transfer is completed. Locked (fixed-term) and in-delivery valuables cannot move. Needs approved KYC.',
  body: transferRequestSchema,
  status: 201,
  response: transferSchema,
  errors: [
    'KYC_REQUIRED',
    'NOT_FOUND',
    'QUANTITY_INVALID',
    'ASSET_UNAVAILABLE',
    'INSUFFICIENT_CASH',
    'INSUFFICIENT_HOLDING',
  ],
  idempotent: true,
  refusesImpersonation: true,
  changes: ['valuables', 'requests', 'notifications'],
});

export const requestCardDeposit = defineContract({
  method: 'POST',
  path: '/api/v1/me/deposits/card',
  access: 'user',
  tag,
  summary: 'Ask for a card deposit; cash is credited once staff confirm the money arrived',
  description:
    'The card number and CVV are checked in the browser and never sent: only the amount, the last four digits and the card type. Pending, with a TXN reference. Within the deposit limits (getRequestLimits).',
  body: cardDepositRequestSchema,
  status: 201,
  response: transferSchema,
  errors: ['OVER_REQUEST_LIMIT', 'OVER_DAILY_LIMIT'],
  idempotent: true,
  changes: ['requests', 'notifications'],
});

export const requestBankDeposit = defineContract({
  method: 'POST',
  path: '/api/v1/me/deposits/bank',
  access: 'user',
  tag,
  summary: 'Ask for a bank-transfer deposit: the platform’s bank details and a TXN reference',
  body: bankDepositRequestSchema,
  status: 201,
  response: bankDepositSchema,
  errors: ['OVER_REQUEST_LIMIT', 'OVER_DAILY_LIMIT'],
  idempotent: true,
  changes: ['requests', 'notifications'],
});

export const getBankDeposit = defineContract({
  method: 'GET',
  path: '/api/v1/me/deposits/bank/:id',
  access: 'user',
  tag,
  summary: 'One of your bank-transfer deposits again, with the bank details to send it to',
  description:
    'What requestBankDeposit answered: the request as it stands now, its TXN reference and the platform’s bank details, so a pending deposit’s instructions can be read again. Another customer’s id, or one that is not a bank-transfer deposit, is NOT_FOUND.',
  params: transferParamsSchema,
  status: 200,
  response: bankDepositSchema,
  errors: ['NOT_FOUND'],
});

export const requestWithdrawal = defineContract({
  method: 'POST',
  path: '/api/v1/me/withdrawals',
  access: 'user',
  tag,
  summary: 'Withdraw cash to a registered bank account: debited at once, pending, WTH reference',
  body: withdrawalRequestSchema,
  status: 201,
  response: transferSchema,
  errors: [
    'KYC_REQUIRED',
    'NOT_FOUND',
    'INSUFFICIENT_CASH',
    'OVER_REQUEST_LIMIT',
    'OVER_DAILY_LIMIT',
  ],
  idempotent: true,
  refusesImpersonation: true,
  changes: ['valuables', 'requests', 'notifications'],
});

export const cancelWithdrawal = defineContract({
  method: 'POST',
  path: '/api/v1/me/withdrawals/:id/cancel',
  access: 'user',
  tag,
  summary: 'Cancel a pending withdrawal: the cash comes back once',
  params: transferParamsSchema,
  body: noBody,
  status: 200,
  response: transferSchema,
  // CONFLICT (already final) is among an idempotent operation's implicit codes.
  errors: ['NOT_FOUND'],
  idempotent: true,
  refusesImpersonation: true,
  changes: ['valuables', 'requests', 'notifications'],
});

export const requestAssetToCash = defineContract({
  method: 'POST',
  path: '/api/v1/me/asset-to-cash',
  access: 'user',
  tag,
  summary: 'Ask to turn this value of your unlocked holdings into cash',
  description:
    'Pending until staff complete it, which converts that value of your unlocked holdings, largest value first, in one transaction, or fails it with a reason if they no longer cover it.',
  body: assetToCashRequestSchema,
  status: 201,
  response: transferSchema,
  errors: ['INSUFFICIENT_ASSETS'],
  idempotent: true,
  changes: ['requests', 'notifications'],
});

export const getMyTransfers = defineContract({
  method: 'GET',
  path: '/api/v1/me/transfers',
  access: 'user',
  tag,
  summary: 'Your transfers, deposits, withdrawals and asset-to-cash requests, newest first',
  query: transferListQuerySchema,
  status: 200,
  response: transferPageSchema,
  errors: [],
});

// ── Staff: Transfer Management ──────────────────────────────────────────────────────────
export const listTransfers = defineContract({
  method: 'GET',
  path: '/api/v1/admin/transfers',
  access: 'admin',
  tag,
  summary: 'Every transfer and request, newest first, filtered by type and status, paged',
  query: transferListQuerySchema,
  status: 200,
  response: adminTransferPageSchema,
  errors: [],
});

export const setTransferStatus = defineContract({
  method: 'POST',
  path: '/api/v1/admin/transfers/:type/:id/status',
  access: 'admin',
  tag,
  summary: 'Propose completing, failing or cancelling a pending request; a final state is final',
  description:
    'A proposal another staff member approves (DESIGN §4). On approval, completing a deposit credits the cash; failing or cancelling a withdrawal refunds it; completing an asset-to-cash request converts the holdings, or fails it with a reason if they no longer cover it. One pending proposal per request; concurrent approvals give exactly one outcome.',
  params: adminTransferParamsSchema,
  body: transferStatusChangeSchema,
  status: 202,
  response: proposalSchema,
  // CONFLICT (already final) is among an idempotent operation's implicit codes.
  errors: ['NOT_FOUND'],
  idempotent: true,
  changes: ['admin'],
});
