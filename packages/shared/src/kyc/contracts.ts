// Identity verification's operations (SPEC §2 /kyc and KYC Management; DESIGN §5): the
// customer's draft, saved at each step; the emailed phone code; the documents, stored encrypted;
// the submission; and the staff review with its decision. Impersonating staff may look but not
// submit or change documents.
import { z } from 'zod';
import { acceptedSchema } from '../auth.ts';
import { defineContract } from '../contract.ts';
import { noBody, noContent } from '../contract-schemas.ts';
import {
  kycDecisionSchema,
  kycDocumentParamsSchema,
  kycDocumentSchema,
  kycDraftSchema,
  kycListItemSchema,
  kycListQuerySchema,
  kycPhoneCodeRequestSchema,
  kycPhoneCodeVerifySchema,
  kycReviewDocumentParamsSchema,
  kycReviewSchema,
  kycStateSchema,
  kycUserParamsSchema,
} from '../kyc.ts';

const tag = 'kyc';

export const getKyc = defineContract({
  method: 'GET',
  path: '/api/v1/me/kyc',
  access: 'user',
  tag,
  summary: 'Your identity verification: status, the saved draft, documents, any rejection reason',
  status: 200,
  response: kycStateSchema,
  errors: [],
});

export const saveKycDraft = defineContract({
  method: 'PUT',
  path: '/api/v1/me/kyc/draft',
  access: 'user',
  tag,
  summary: 'Save the wizard’s step and answers so far (each answer checked by SPEC §5)',
  description:
    'Answers are merged into the saved draft; a field sent replaces its saved value. Refused (CONFLICT) while submitted or approved.',
  body: kycDraftSchema,
  status: 200,
  response: kycStateSchema,
  errors: ['CONFLICT'],
  changes: ['profile'],
});

export const sendKycPhoneCode = defineContract({
  method: 'POST',
  path: '/api/v1/me/kyc/phone-code',
  access: 'user',
  tag,
  summary: 'Email a 6-digit code that confirms the phone number (there is no SMS)',
  body: kycPhoneCodeRequestSchema,
  status: 202,
  response: acceptedSchema,
  errors: ['CODE_TOO_SOON', 'CONFLICT'],
  changes: [],
});

export const verifyKycPhoneCode = defineContract({
  method: 'POST',
  path: '/api/v1/me/kyc/phone-code/verify',
  access: 'user',
  tag,
  summary: 'Confirm the phone number with the emailed code',
  body: kycPhoneCodeVerifySchema,
  status: 200,
  response: kycStateSchema,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'CONFLICT'],
  changes: ['profile'],
});

export const uploadKycDocument = defineContract({
  method: 'POST',
  path: '/api/v1/me/kyc/documents',
  access: 'user',
  tag,
  summary: 'Upload one side of the identity document (multipart: side, file), stored encrypted',
  description:
    'JPG, PNG, HEIC, WEBP or PDF, checked by content, at most 10 MB. A new file for a side replaces the old one.',
  multipart: true,
  status: 201,
  response: kycDocumentSchema,
  errors: ['FILE_TOO_LARGE', 'FILE_TYPE_UNSUPPORTED', 'CONFLICT'],
  refusesImpersonation: true,
  changes: ['profile'],
});

export const deleteKycDocument = defineContract({
  method: 'DELETE',
  path: '/api/v1/me/kyc/documents/:id',
  access: 'user',
  tag,
  summary: 'Remove an uploaded document while the verification is a draft',
  params: kycDocumentParamsSchema,
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND', 'CONFLICT'],
  refusesImpersonation: true,
  changes: ['profile'],
});

export const submitKyc = defineContract({
  method: 'POST',
  path: '/api/v1/me/kyc/submit',
  access: 'user',
  tag,
  summary: 'Submit the saved draft and documents for review',
  description:
    'Checks every SPEC §5 rule, the confirmed phone, the accepted terms, the front document and the back unless a passport; VALIDATION names each field missing or wrong.',
  body: noBody,
  status: 200,
  response: kycStateSchema,
  errors: ['CONFLICT'],
  refusesImpersonation: true,
  changes: ['profile'],
});

// ── Staff ────────────────────────────────────────────────────────────────────────────────
export const listKyc = defineContract({
  method: 'GET',
  path: '/api/v1/admin/kyc',
  access: 'admin',
  tag,
  summary: 'Every customer’s verification: not completed first, then newest account first',
  query: kycListQuerySchema,
  status: 200,
  response: z.array(kycListItemSchema),
  errors: [],
});

export const getKycReview = defineContract({
  method: 'GET',
  path: '/api/v1/admin/kyc/:userId',
  access: 'admin',
  tag,
  summary: 'One customer’s answers and documents, for review',
  params: kycUserParamsSchema,
  status: 200,
  response: kycReviewSchema,
  errors: ['NOT_FOUND'],
});

export const getKycDocument = defineContract({
  method: 'GET',
  path: '/api/v1/admin/kyc/:userId/documents/:id',
  access: 'admin',
  tag,
  summary: 'A customer’s document, decrypted (each view is audited)',
  params: kycReviewDocumentParamsSchema,
  status: 200,
  response: z.string(),
  responseType: 'application/octet-stream',
  errors: ['NOT_FOUND'],
});

export const decideKyc = defineContract({
  method: 'POST',
  path: '/api/v1/admin/kyc/:userId/decision',
  access: 'admin',
  tag,
  summary: 'Approve a submitted verification, or reject it with a reason',
  description:
    'Approval fills the profile (full name, date of birth, address, phone, country) and kyc_completed in one transaction with its audit row; the customer is emailed either way.',
  params: kycUserParamsSchema,
  body: kycDecisionSchema,
  status: 200,
  response: kycReviewSchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
  changes: ['admin'],
});
