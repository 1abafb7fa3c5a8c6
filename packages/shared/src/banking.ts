// Banking (SPEC §2 /inter-accounts and /withdrawal, §3 bank_accounts, §5 bank registration;
// DESIGN §5): the account overview and the customer's registered bank accounts. IBAN and BIC
// are checked with ibantools (mod-97 and the SWIFT format), not by hand. Messages are locale keys
// of the `banking` namespace.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { codeSchema } from './auth.ts';
import { kycStatuses } from './kyc.ts';
import { decimalPattern } from './money.ts';
import { singleLineText } from './text.ts';

const decimalString = z.string().regex(decimalPattern);

/** GET /api/v1/me/account: what /inter-accounts shows at the top. */
export const accountOverviewSchema = z.object({
  accountNumber: z.string(),
  cashBalance: decimalString,
  /** The value of everything in the vault that is not cash (SPEC §9 net worth less cash). */
  totalAssets: decimalString,
  /**
   * What asset to cash may take: the active, positively valued holdings that are not cash
   * (fixed-term and in-delivery ones stay where they are).
   */
  convertibleAssets: decimalString,
  kycStatus: z.enum(kycStatuses),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

const required = (max: number) =>
  singleLineText('banking:errors.allRequired')
    .trim()
    .min(1, 'banking:errors.allRequired')
    .max(max, 'banking:errors.tooLong');

/**
 * SPEC §5: the account name must be the customer's registered (KYC-approved) full name, compared
 * without case and with runs of white space as one.
 */
export function isSameName(a: string, b: string): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return normal(a) === normal(b);
}

export const bankAccountInputSchema = z.strictObject({
  bankName: required(120),
  accountName: required(140),
  accountNumber: required(34),
  iban: required(42)
    .transform((value) => electronicFormatIBAN(value) ?? value)
    .refine((value) => isValidIBAN(value), 'banking:errors.ibanInvalid'),
  swiftCode: required(11)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => isValidBIC(value), 'banking:errors.swiftInvalid'),
  branch: required(120),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** Registering takes the emailed code with the account's details. */
export const bankAccountRegistrationSchema = bankAccountInputSchema.extend({ code: codeSchema });

export const bankAccountSchema = z.object({
  id: z.uuid(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  swiftCode: z.string(),
  branch: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountParamsSchema = z.strictObject({ id: z.uuid() });
