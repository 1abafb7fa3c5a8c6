// Signed statements, proof of holdings and their public verification (issue 15 item 5): the
// signed-in customer downloads a month's statement or a proof of holdings as a PDF signed with
// the platform's Ed25519 key; anyone may fetch the public key or send a PDF back to check it.
import { z } from 'zod';
import { defineContract } from '../contract.ts';

const tag = 'statements';

/** The language a document is written in. */
const documentLanguageSchema = z.enum(['en', 'ar']);
export type DocumentLanguage = z.infer<typeof documentLanguageSchema>;

const documentQuerySchema = z.object({
  lang: documentLanguageSchema.optional(),
});

/** `2026-11.pdf`: one UTC calendar month. */
const statementFileSchema = z.object({
  file: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])\.pdf$/, 'A month as yyyy-mm.pdf'),
});

const documentKindSchema = z.enum(['statement', 'proof_of_holdings']);
export type DocumentKind = z.infer<typeof documentKindSchema>;

const publicKeySchema = z.object({
  /** The first 16 hex digits of the SHA-256 of the public key's SPKI DER. */
  keyId: z.string(),
  /** Base64 of the SPKI DER. */
  publicKey: z.string(),
  pem: z.string(),
});

const signingKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  ...publicKeySchema.shape,
  /**
   * The keys this one replaced: documents they signed still verify, and nothing is signed with
   * them any more. Empty until the key is first rotated.
   */
  previous: z.array(publicKeySchema),
});
export type SigningKey = z.infer<typeof signingKeySchema>;

const verificationSchema = z.object({
  valid: z.boolean(),
  kind: documentKindSchema.nullable(),
  /** Masked, like "A*** H***" or "a***@e***.com". */
  issuedTo: z.string().nullable(),
  /** "2026-11" for a statement, the ISO instant for a proof of holdings. */
  period: z.string().nullable(),
  issuedAt: z.string().nullable(),
  journalPosition: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const getStatement = defineContract({
  method: 'GET',
  path: '/api/v1/me/statements/:file',
  access: 'user',
  tag,
  summary: 'Your signed statement for one UTC calendar month, as a PDF',
  description:
    'The file is `yyyy-mm.pdf`. Opening and closing holdings and cash, every movement in the month and its totals, in `lang` (default English). A month after the current one answers NOT_FOUND.',
  params: statementFileSchema,
  query: documentQuerySchema,
  status: 200,
  response: z.string().describe('A signed PDF'),
  responseType: 'application/pdf',
  errors: ['NOT_FOUND'],
});

export const getProofOfHoldings = defineContract({
  method: 'GET',
  path: '/api/v1/me/proof-of-holdings.pdf',
  access: 'user',
  tag,
  summary: 'Your signed proof of holdings at this moment, as a PDF',
  description:
    'Every holding (active, fixed, in delivery) with its quantity and value, the cash and the total, with the journal position they were read at, in `lang` (default English).',
  query: documentQuerySchema,
  status: 200,
  response: z.string().describe('A signed PDF'),
  responseType: 'application/pdf',
  errors: [],
});

export const getSigningKey = defineContract({
  method: 'GET',
  path: '/.well-known/secure-vault-signing-key',
  access: 'public',
  tag,
  summary: 'The public key statements and proofs of holdings are signed with',
  description:
    'The key documents are signed with now, and under `previous` the keys that signed earlier documents, which still verify.',
  status: 200,
  response: signingKeySchema,
  errors: [],
});

export const verifyDocument = defineContract({
  method: 'POST',
  path: '/api/v1/verify',
  access: 'public',
  tag,
  summary: 'Check a statement or proof of holdings: send the PDF as the body',
  description:
    'The body is the PDF’s bytes with `Content-Type: application/pdf`, at most 5 MB. An empty, unsigned, altered or foreign document answers `valid: false` with every other field null. Rate-limited per address.',
  requestType: 'application/pdf',
  status: 200,
  response: verificationSchema,
  errors: ['FILE_TOO_LARGE'],
  // Reads only: the document is the body.
  changes: [],
});
