// What the bank-account operations share (SPEC §3 bank_accounts, §5 bank registration, DESIGN
// §4): the row as the API answers it, and the checks of a registration that the code's send
// makes first: approved KYC, the verified full name, an IBAN not yet registered.
import { and, eq } from 'drizzle-orm';
import { type BankAccount, isSameName } from '@secure-vault/shared/banking';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import type { Db } from '../../db/client.ts';
import { bankAccounts } from '../../db/banking-schema.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

type BankAccountRow = typeof bankAccounts.$inferSelect;

export function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    iban: row.iban,
    swiftCode: row.swiftCode,
    branch: row.branch,
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The approved KYC full name, or KYC_REQUIRED when the verification is not approved. */
export async function approvedName(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ status: kycVerifications.status, fullName: profiles.fullName })
    .from(profiles)
    .leftJoin(kycVerifications, eq(kycVerifications.userId, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (row?.status !== 'approved') {
    throw new AppError(
      'KYC_REQUIRED',
      'Please complete identity verification before adding a bank account.',
    );
  }
  return row.fullName ?? '';
}

/** Refuses an account name other than the approved KYC full name (case and spacing aside). */
export function requireVerifiedName(accountName: string, fullName: string): void {
  if (isSameName(accountName, fullName)) return;
  const issues: ErrorIssue[] = [
    { path: 'body.accountName', message: 'banking:errors.nameMismatch' },
  ];
  throw new AppError('VALIDATION', 'The account name must be your verified full name.', {
    issues,
  });
}

export const ibanTaken = () =>
  new AppError('CONFLICT', 'This IBAN is already registered to your account.');

/** Whether the customer has registered this IBAN already (another customer may). */
export async function isIbanRegistered(db: Db, userId: string, iban: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.iban, iban)));
  return taken !== undefined;
}
