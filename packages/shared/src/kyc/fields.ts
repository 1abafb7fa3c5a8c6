// The one list of KYC answers (SPEC §2, §3, §5): each field once, with its rule and the wizard's
// screen that asks it. The draft (every answer optional), the submission (the required ones
// required), the wizard's way back to a field the server refused and staff's review all read it:
// a new field is one entry here plus its labels (ARCHITECTURE.md, "Adding a KYC field").
// Messages are locale keys of the `kyc` namespace.
import { z } from 'zod';
import { isSingleLineText, textInvalidMessage } from '../text.ts';
import {
  documentTypes,
  employmentOptions,
  employmentWithIndustry,
  experienceOptions,
  incomeOptions,
  incomeOriginOptions,
  industryOptions,
  kycCurrencies,
  phoneMinimumLength,
  wealthOptions,
} from './options.ts';

/** SPEC §2: the wizard's 17 steps. */
export const kycStepCount = 17;

/**
 * The wizard's screens in order (SPEC §2, §4): the 17 steps, and Industry between Employment and
 * Income, asked of the employed and self-employed only and not counted as a step of its own.
 */
export const kycScreens = [
  'introduction',
  'personal',
  'dateOfBirth',
  'address',
  'phone',
  'otp',
  'experience',
  'employment',
  'industry',
  'income',
  'wealth',
  'incomeOrigin',
  'completion',
  'terms',
  'currency',
  'verification',
  'documentSelection',
  'documentUpload',
] as const;
export type KycScreen = (typeof kycScreens)[number];

// ── Dates ─────────────────────────────────────────────────────────────────────────────
/** SPEC §5's format, DD/MM/YYYY. */
const datePattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const dayMs = 24 * 60 * 60 * 1000;

/** The day of a real calendar date DD/MM/YYYY (ms, UTC midnight), undefined for any other text. */
export function dayOf(value: string): number | undefined {
  const match = datePattern.exec(value.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? date.getTime() : undefined;
}

/** Today's day (UTC midnight): the server's clock when the server checks. */
function dayOfToday(today: Date): number {
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** A real calendar date DD/MM/YYYY, year 1900 or later, not after `today` (SPEC §5). */
export function isValidBirthDate(value: string, today: Date = new Date()): boolean {
  const day = dayOf(value);
  return day !== undefined && day >= Date.UTC(1900, 0, 1) && day <= dayOfToday(today);
}

/** Customers must be this old to open an account. */
export const minimumAge = 18;

/** True when the date of birth (a valid one) is `minimumAge` years or more before `today`. */
export function isOfAge(value: string, today: Date = new Date()): boolean {
  const born = dayOf(value);
  if (born === undefined) return false;
  const date = new Date(born);
  // 29 February's 18th birthday in a common year falls on 1 March.
  const comingOfAge = Date.UTC(
    date.getUTCFullYear() + minimumAge,
    date.getUTCMonth(),
    date.getUTCDate(),
  );
  return comingOfAge <= dayOfToday(today);
}

/** A document's expiry date: a real date DD/MM/YYYY within the next 100 years at most. */
export function isValidExpiryDate(value: string, today: Date = new Date()): boolean {
  const day = dayOf(value);
  return (
    day !== undefined && day >= Date.UTC(1900, 0, 1) && day <= dayOfToday(today) + 36525 * dayMs
  );
}

/** An expiry date before `today`: the document is no longer valid (it is on its last day). */
export function isExpired(value: string, today: Date = new Date()): boolean {
  const day = dayOf(value);
  return day !== undefined && day < dayOfToday(today);
}

// ── Rules ─────────────────────────────────────────────────────────────────────────────
/** A required line of text: its own message when missing or empty. */
const text = (max: number, required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'kyc:errors.textInvalid') })
    .trim()
    .refine(isSingleLineText, { message: textInvalidMessage, abort: true })
    .min(1, required)
    .max(max, 'kyc:errors.tooLong');
const optionalText = (max: number) =>
  z
    .string('kyc:errors.textInvalid')
    .trim()
    .refine(isSingleLineText, { message: textInvalidMessage, abort: true })
    .max(max, 'kyc:errors.tooLong')
    .optional();
const choice = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.enum(options, message);
/** A country, ISO 3166 alpha-2 ("AE"). */
const country = (message: string) => z.string(message).regex(/^[A-Z]{2}$/, message);

/**
 * A field of the wizard: its rule (SPEC §5 and what a real KYC asks beyond it) and the screen
 * that asks it. An optional field's rule ends in `.optional()`.
 */
function asked<const Screen extends KycScreen, Rule extends z.ZodType>(screen: Screen, rule: Rule) {
  return { screen, rule };
}

/** Every answer of the wizard, in the order the wizard asks them. */
export const kycFieldList = {
  firstName: asked('personal', text(100, 'kyc:errors.firstNameRequired')),
  middleName: asked('personal', optionalText(100)),
  surname: asked('personal', text(100, 'kyc:errors.surnameRequired')),
  // auth.ts's emailSchema, with the same rule and message, but normalised by `overwrite` rather
  // than a transform: this schema also describes answers (kycStateSchema), and an answer's
  // schema must encode, which a transform cannot.
  email: asked(
    'personal',
    z
      .email('auth:errors.emailInvalid')
      .max(254, 'auth:errors.emailInvalid')
      .overwrite((value) => value.trim().toLowerCase()),
  ),
  nationality: asked('personal', country('kyc:errors.nationalityRequired')),
  // Checked against today's date where it is checked: the server's clock on the server.
  dateOfBirth: asked(
    'dateOfBirth',
    z
      .string('kyc:errors.dateOfBirthInvalid')
      .trim()
      .refine((value) => isValidBirthDate(value), {
        message: 'kyc:errors.dateOfBirthInvalid',
        abort: true,
      })
      .refine((value) => isOfAge(value), 'kyc:errors.tooYoung'),
  ),
  street: asked('address', text(200, 'kyc:errors.streetRequired')),
  building: asked('address', optionalText(100)),
  apartment: asked('address', optionalText(100)),
  city: asked('address', text(100, 'kyc:errors.cityRequired')),
  postcode: asked('address', text(20, 'kyc:errors.postcodeRequired')),
  countryCode: asked(
    'phone',
    z.string('kyc:errors.countryCodeInvalid').regex(/^\+\d{1,4}$/, 'kyc:errors.countryCodeInvalid'),
  ),
  phoneNumber: asked(
    'phone',
    z.string('kyc:errors.phoneInvalid').regex(/^\d{1,15}$/, 'kyc:errors.phoneInvalid'),
  ),
  experience: asked('experience', choice(experienceOptions, 'kyc:errors.choiceRequired')),
  employment: asked('employment', choice(employmentOptions, 'kyc:errors.choiceRequired')),
  // Required of the employed and self-employed only: the submission checks that.
  industry: asked('industry', choice(industryOptions, 'kyc:errors.choiceRequired').optional()),
  income: asked('income', choice(incomeOptions, 'kyc:errors.choiceRequired')),
  wealth: asked('wealth', choice(wealthOptions, 'kyc:errors.choiceRequired')),
  incomeOrigin: asked(
    'incomeOrigin',
    z
      .array(choice(incomeOriginOptions, 'kyc:errors.choiceRequired'), {
        error: 'kyc:errors.incomeOriginRequired',
      })
      .min(1, 'kyc:errors.incomeOriginRequired')
      .max(incomeOriginOptions.length)
      .refine((list) => new Set(list).size === list.length, 'kyc:errors.choiceRequired'),
  ),
  termsAccepted: asked('terms', z.literal(true, 'kyc:errors.termsRequired')),
  currency: asked('currency', choice(kycCurrencies, 'kyc:errors.choiceRequired')),
  documentCountry: asked('documentSelection', country('kyc:errors.documentCountryRequired')),
  documentType: asked(
    'documentSelection',
    choice(documentTypes, 'kyc:errors.documentTypeRequired'),
  ),
  // Letters and digits as printed (spaces and hyphens between them), kept in capitals.
  documentNumber: asked(
    'documentSelection',
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'kyc:errors.documentNumberRequired'
            : 'kyc:errors.documentNumberInvalid',
      })
      .trim()
      .overwrite((value) => value.toUpperCase())
      .min(1, { message: 'kyc:errors.documentNumberRequired', abort: true })
      // 4 to 30 characters.
      .regex(/^[A-Z0-9][A-Z0-9 -]{2,28}[A-Z0-9]$/, 'kyc:errors.documentNumberInvalid'),
  ),
  // An expired document is refused; it must still be valid on the day it is checked.
  documentExpiry: asked(
    'documentSelection',
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'kyc:errors.documentExpiryRequired'
            : 'kyc:errors.documentExpiryInvalid',
      })
      .trim()
      .min(1, { message: 'kyc:errors.documentExpiryRequired', abort: true })
      .refine((value) => isValidExpiryDate(value), {
        message: 'kyc:errors.documentExpiryInvalid',
        abort: true,
      })
      .refine((value) => !isExpired(value), 'kyc:errors.documentExpired'),
  ),
} as const;

export type KycField = keyof typeof kycFieldList;
type KycRules = { [Field in KycField]: (typeof kycFieldList)[Field]['rule'] };

/** Each field's rule alone, as a step's form and the schemas below use it. */
export const kycFields = Object.fromEntries(
  Object.entries(kycFieldList).map(([field, { rule }]) => [field, rule]),
  // cast: Object.fromEntries forgets which key holds which rule; the entries are kycFieldList's own.
) as KycRules;

export function isKycField(name: string): name is KycField {
  return Object.hasOwn(kycFieldList, name);
}

/** Every field's name, in the list's order. */
export const kycFieldNames: readonly KycField[] = Object.keys(kycFieldList).filter(isKycField);

/** The screen that asks a field (and where a refusal of it is put right). */
export function screenOfField(name: string): KycScreen | undefined {
  return isKycField(name) ? kycFieldList[name].screen : undefined;
}

/** The fields a screen asks, in the list's order. */
export function fieldsOfScreen(screen: KycScreen): KycField[] {
  return kycFieldNames.filter((field) => kycFieldList[field].screen === screen);
}

/** The phone number is long enough for its dial code (SPEC §5). */
export function checkPhoneLength(
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
export const kycDraftDataSchema = z.strictObject(kycFields).partial().superRefine(checkPhoneLength);
export type KycDraftData = z.infer<typeof kycDraftDataSchema>;

/**
 * What a submission must hold (SPEC §5): every required answer, Industry only for employed and
 * self-employed, the terms accepted, USD unless another currency was chosen. Documents and the
 * phone check are the server's to verify.
 */
export const kycSubmissionSchema = z
  .object(kycFields)
  .extend({ currency: kycFields.currency.default('USD') })
  .superRefine(checkPhoneLength)
  .superRefine((data, context) => {
    const needsIndustry = employmentWithIndustry.some(
      (employment) => employment === data.employment,
    );
    if (needsIndustry && data.industry === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['industry'],
        message: 'kyc:errors.choiceRequired',
      });
    }
  });
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;
