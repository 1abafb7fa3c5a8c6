// Banking's operations: the account overview of /inter-accounts, and the bank accounts cash is
// withdrawn to, registered with an emailed code (DESIGN §4) under the approved KYC name. Sending
// value out of the platform needs approved KYC and is refused to impersonating staff.
import { z } from 'zod';
import { acceptedSchema } from '../auth.ts';
import {
  accountOverviewSchema,
  bankAccountParamsSchema,
  bankAccountRegistrationSchema,
  bankAccountSchema,
} from '../banking.ts';
import { defineContract } from '../contract.ts';
import { noBody, noContent } from '../contract-schemas.ts';

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
  summary: 'Email a 6-digit code that confirms a bank account registration',
  body: noBody,
  status: 202,
  response: acceptedSchema,
  errors: ['KYC_REQUIRED', 'CODE_TOO_SOON'],
  refusesImpersonation: true,
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
});
