// Identity verification (KYC, SPEC §2 wizard, §3 data, §5 rules; DESIGN §5): the wizard's
// answers with SPEC's field names and option values, each field checked by SPEC §5's rule, the
// draft the server keeps between steps, the documents and the staff review. Messages are locale
// keys of the `kyc` namespace.
import { z } from 'zod';
import { singleLineText } from './text.ts';

export const kycStepCount = 17;

export const kycStatuses = ['not_started', 'draft', 'submitted', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

export const experienceOptions = ['less-than-2', '2-4', 'more-than-4', 'none'] as const;
export const employmentOptions = [
  'employed',
  'self-employed',
  'retired',
  'unemployed',
  'student',
] as const;
/** Employment that goes on to the Industry question (SPEC §4). */
export const employmentWithIndustry = ['employed', 'self-employed'] as const;
export const industryOptions = [
  'admin-it-business',
  'financial-services',
  'healthcare-education',
  'mining-manufacturing-construction',
  'real-estate',
  'retail-wholesale',
  'tourism-entertainment',
  'transport-logistics',
  'other',
] as const;
export const incomeOptions = [
  '200000-plus',
  '100000-199999',
  '50000-99999',
  '20000-49999',
  'less-than-20000',
] as const;
export const wealthOptions = [
  '5000000-plus',
  '1000000-4999999',
  '500000-999999',
  '100000-499999',
  '50000-99999',
  '25000-49999',
  'less-than-25000',
] as const;
export const incomeOriginOptions = [
  'employment',
  'savings',
  'investment-rental',
  'pension',
] as const;
/** The account currency is a preference; amounts stay in USD (DESIGN §5). */
export const kycCurrencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NGN'] as const;
export const documentTypes = ['passport', 'id-card', 'drivers-licence'] as const;
export const documentSides = ['front', 'back'] as const;
export type DocumentSide = (typeof documentSides)[number];

/** SPEC §5: the shortest phone number each dial code takes; 8 for any other. */
export const phoneMinimumLengths: Readonly<Record<string, number>> = {
  '+968': 8,
  '+971': 9,
  '+966': 9,
  '+973': 8,
  '+974': 8,
  '+965': 8,
  '+234': 10,
  '+1': 10,
  '+44': 10,
};
export function phoneMinimumLength(countryCode: string): number {
  return phoneMinimumLengths[countryCode] ?? 8;
}

/** SPEC §3: the currency offered for a country (ISO 3166 alpha-2), beside USD and EUR. */
export const countryCurrencies: Readonly<Record<string, (typeof kycCurrencies)[number]>> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  NG: 'NGN',
};

/** Documents: what may be uploaded, checked by content on the server (SPEC §5). */
export const documentMaxBytes = 10 * 1024 * 1024;
export const documentMediaTypes = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/webp',
  'application/pdf',
] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];

const text = (max: number, required: string) =>
  singleLineText('kyc:errors.textInvalid').trim().min(1, required).max(max, 'kyc:errors.tooLong');
const optionalText = (max: number) =>
  singleLineText('kyc:errors.textInvalid').trim().max(max, 'kyc:errors.tooLong');
const choice = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, message);

const datePattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A real calendar date DD/MM/YYYY, year 1900 or later, not after `today` (SPEC §5). */
export function isValidBirthDate(value: string, today: Date = new Date()): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return false;
  }
  const endOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return date.getTime() <= endOfToday;
}

/** Each answer of the wizard with SPEC §5's rule; every one optional in a draft. */
export const kycFields = {
  firstName: text(100, 'kyc:errors.firstNameRequired'),
  middleName: optionalText(100),
  surname: text(100, 'kyc:errors.surnameRequired'),
  // auth.ts's emailSchema, with the same rule and message, but normalised by `overwrite` rather
  // than a transform: this schema also describes answers (kycStateSchema), and an answer's
  // schema must encode, which a transform cannot.
  email: z
    .email('auth:errors.emailInvalid')
    .max(254, 'auth:errors.emailInvalid')
    .overwrite((value) => value.trim().toLowerCase()),
  dateOfBirth: z
    .string('kyc:errors.dateOfBirthInvalid')
    .trim()
    .refine((value) => isValidBirthDate(value), 'kyc:errors.dateOfBirthInvalid'),
  street: text(200, 'kyc:errors.streetRequired'),
  building: optionalText(100),
  apartment: optionalText(100),
  city: text(100, 'kyc:errors.cityRequired'),
  postcode: text(20, 'kyc:errors.postcodeRequired'),
  countryCode: z
    .string('kyc:errors.countryCodeInvalid')
    .regex(/^\+\d{1,4}$/, 'kyc:errors.countryCodeInvalid'),
  phoneNumber: z.string('kyc:errors.phoneInvalid').regex(/^\d{1,15}$/, 'kyc:errors.phoneInvalid'),
  experience: choice(experienceOptions, 'kyc:errors.choiceRequired'),
  employment: choice(employmentOptions, 'kyc:errors.choiceRequired'),
  industry: choice(industryOptions, 'kyc:errors.choiceRequired'),
  income: choice(incomeOptions, 'kyc:errors.choiceRequired'),
  wealth: choice(wealthOptions, 'kyc:errors.choiceRequired'),
  incomeOrigin: z
    .array(choice(incomeOriginOptions, 'kyc:errors.choiceRequired'))
    .min(1, 'kyc:errors.incomeOriginRequired')
    .max(incomeOriginOptions.length)
    .refine((list) => new Set(list).size === list.length, 'kyc:errors.choiceRequired'),
  currency: choice(kycCurrencies, 'kyc:errors.choiceRequired'),
  documentCountry: z
    .string('kyc:errors.documentCountryRequired')
    .regex(/^[A-Z]{2}$/, 'kyc:errors.documentCountryRequired'),
  documentType: choice(documentTypes, 'kyc:errors.documentTypeRequired'),
  termsAccepted: z.literal(true, 'kyc:errors.termsRequired'),
} as const;

/** The phone number is long enough for its dial code (SPEC §5). */
function checkPhoneLength(
  data: { countryCode?: string | undefined; phoneNumber?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (data.countryCode === undefined || data.phoneNumber === undefined) return;
  if (data.phoneNumber.length < phoneMinimumLength(data.countryCode)) {
    context.addIssue({
      code: 'custom',
      path: ['phoneNumber'],
      message: 'kyc:errors.phoneTooShort',
      params: { minimum: phoneMinimumLength(data.countryCode) },
    });
  }
}

/** What a draft may hold: any of the answers, each valid on its own. */
export const kycDraftDataSchema = z
  .strictObject({
    firstName: kycFields.firstName.optional(),
    middleName: kycFields.middleName.optional(),
    surname: kycFields.surname.optional(),
    email: kycFields.email.optional(),
    dateOfBirth: kycFields.dateOfBirth.optional(),
    street: kycFields.street.optional(),
    building: kycFields.building.optional(),
    apartment: kycFields.apartment.optional(),
    city: kycFields.city.optional(),
    postcode: kycFields.postcode.optional(),
    countryCode: kycFields.countryCode.optional(),
    phoneNumber: kycFields.phoneNumber.optional(),
    experience: kycFields.experience.optional(),
    employment: kycFields.employment.optional(),
    industry: kycFields.industry.optional(),
    income: kycFields.income.optional(),
    wealth: kycFields.wealth.optional(),
    incomeOrigin: kycFields.incomeOrigin.optional(),
    currency: kycFields.currency.optional(),
    documentCountry: kycFields.documentCountry.optional(),
    documentType: kycFields.documentType.optional(),
    termsAccepted: kycFields.termsAccepted.optional(),
  })
  .superRefine(checkPhoneLength);
export type KycDraftData = z.infer<typeof kycDraftDataSchema>;

export const kycDraftSchema = z.strictObject({
  /** The wizard's step, 0 to 16. */
  step: z
    .number()
    .int()
    .min(0)
    .max(kycStepCount - 1),
  data: kycDraftDataSchema,
});
export type KycDraft = z.input<typeof kycDraftSchema>;

/**
 * What a submission must hold (SPEC §5): every required answer, Industry only for employed and
 * self-employed, the terms accepted. Documents and the phone check are the server's to verify.
 */
export const kycSubmissionSchema = z
  .object({
    firstName: kycFields.firstName,
    middleName: kycFields.middleName.optional(),
    surname: kycFields.surname,
    email: kycFields.email,
    dateOfBirth: kycFields.dateOfBirth,
    street: kycFields.street,
    building: kycFields.building.optional(),
    apartment: kycFields.apartment.optional(),
    city: kycFields.city,
    postcode: kycFields.postcode,
    countryCode: kycFields.countryCode,
    phoneNumber: kycFields.phoneNumber,
    experience: kycFields.experience,
    employment: kycFields.employment,
    industry: kycFields.industry.optional(),
    income: kycFields.income,
    wealth: kycFields.wealth,
    incomeOrigin: kycFields.incomeOrigin,
    currency: kycFields.currency.default('USD'),
    documentCountry: kycFields.documentCountry,
    documentType: kycFields.documentType,
    termsAccepted: kycFields.termsAccepted,
  })
  .superRefine(checkPhoneLength)
  .superRefine((data, context) => {
    const needsIndustry = (employmentWithIndustry as readonly string[]).includes(data.employment);
    if (needsIndustry && data.industry === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['industry'],
        message: 'kyc:errors.choiceRequired',
      });
    }
  });
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

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
