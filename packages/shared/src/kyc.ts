// Identity verification (KYC, SPEC §2 wizard, §3 data, §5 rules; DESIGN §5): the answers' one
// list with their rules and the draft and submission schemas built from it (kyc/fields.ts), their
// option values (kyc/options.ts), the documents, the customer's state and the staff review.
// Messages are locale keys of the `kyc` namespace.
import { z } from 'zod';
import { singleLineText } from './text.ts';
import { checkPhoneLength, kycDraftDataSchema, kycFields, kycScreens } from './kyc/fields.ts';
import { documentMediaTypes, documentSides } from './kyc/options.ts';

export * from './kyc/fields.ts';
export * from './kyc/options.ts';

export const kycStatuses = ['not_started', 'draft', 'submitted', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

export const kycDraftSchema = z.strictObject({
  /** The wizard's screen (its place in kycScreens), where it opens again. */
  step: z
    .number()
    .int()
    .min(0)
    .max(kycScreens.length - 1),
  data: kycDraftDataSchema,
});
export type KycDraft = z.input<typeof kycDraftSchema>;

export const kycDocumentSchema = z.object({
  id: z.uuid(),
  side: z.enum(documentSides),
  name: z.string(),
  size: z.number().int(),
  type: z.enum(documentMediaTypes),
  uploadedAt: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** The customer's KYC as the wizard and the dashboard read it. */
export const kycStateSchema = z.object({
  status: z.enum(kycStatuses),
  step: z.number().int(),
  data: kycDraftDataSchema,
  /** The phone number (country code and number) the emailed code confirmed, if any. */
  verifiedPhone: z.string().nullable(),
  documents: z.array(kycDocumentSchema),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type KycState = z.infer<typeof kycStateSchema>;

export const kycPhoneCodeRequestSchema = z
  .strictObject({
    countryCode: kycFields.countryCode,
    phoneNumber: kycFields.phoneNumber,
  })
  .superRefine(checkPhoneLength);
export const kycPhoneCodeVerifySchema = z.strictObject({
  code: z.string('kyc:errors.codeInvalid').regex(/^\d{6}$/, 'kyc:errors.codeInvalid'),
});
export const kycDocumentParamsSchema = z.strictObject({ id: z.uuid() });

// ── Staff (KYC Management) ─────────────────────────────────────────────────────────────
export const kycListQuerySchema = z.strictObject({
  status: z.enum(kycStatuses).optional(),
  /** Part of the customer's email, any case. */
  search: singleLineText().trim().max(200).optional(),
});
export const kycListItemSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  status: z.enum(kycStatuses),
  kycCompleted: z.boolean(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type KycListItem = z.infer<typeof kycListItemSchema>;

export const kycReviewSchema = kycStateSchema.extend({
  userId: z.uuid(),
  email: z.string(),
  accountNumber: z.string().nullable(),
});
export type KycReview = z.infer<typeof kycReviewSchema>;

export const kycUserParamsSchema = z.strictObject({ userId: z.uuid() });
export const kycReviewDocumentParamsSchema = z.strictObject({ userId: z.uuid(), id: z.uuid() });

export const kycDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve') }),
  z.strictObject({
    decision: z.literal('reject'),
    reason: singleLineText('kyc:errors.reasonRequired')
      .trim()
      .min(1, 'kyc:errors.reasonRequired')
      .max(500, 'kyc:errors.tooLong'),
  }),
]);
export type KycDecision = z.infer<typeof kycDecisionSchema>;
