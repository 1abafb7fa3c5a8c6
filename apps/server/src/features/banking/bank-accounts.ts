// The bank accounts cash is withdrawn to (SPEC §3 bank_accounts, §5 bank registration, DESIGN §4
// and §5): registering needs approved KYC and a 6-digit code emailed to the account's address
// (10 minutes, single use, 5 tries, a new one no sooner than 60 s), and the account name must be
// the approved KYC full name (case and spacing aside). A registered account is verified. Each
// registration and removal writes an audit row in its transaction.
import { and, desc, eq } from 'drizzle-orm';
import {
  type BankAccount,
  type bankAccountRegistrationSchema,
  isSameName,
} from '@secure-vault/shared/banking';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { bankAccounts, transfers } from '../../db/banking-schema.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { bankAccountCode } from '../../mail/templates.ts';
import { writeAudit } from '../../auth/audit.ts';
import { notifyUser } from '../../ledger/journal.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { checkCode, claimCodeSend, codeError, issueCode } from '../../auth/one-time-codes.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';

export type BankAccountRegistration = z.output<typeof bankAccountRegistrationSchema>;

interface User {
  id: string;
  email: string;
}

type BankAccountRow = typeof bankAccounts.$inferSelect;

function toBankAccount(row: BankAccountRow): BankAccount {
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
async function approvedName(db: Db, userId: string): Promise<string> {
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

function nameMismatch(): AppError {
  const issues: ErrorIssue[] = [
    { path: 'body.accountName', message: 'banking:errors.nameMismatch' },
  ];
  return new AppError('VALIDATION', 'The account name must be your verified full name.', {
    issues,
  });
}

export async function sendBankAccountCode(
  ctx: AppContext,
  user: User,
  meta: RequestMeta,
): Promise<void> {
  // Refused before the send is claimed, so a refusal does not start the 60-second wait.
  await approvedName(ctx.db, user.id);
  await claimCodeSend(ctx, { purpose: 'bank_registration', email: user.email, ip: meta.ip });
  const now = ctx.clock.now();
  // Kept with the code: a code issued is a code mailed.
  await ctx.db.transaction(async (tx) => {
    const code = await issueCode(tx, ctx.config.dataKey, {
      purpose: 'bank_registration',
      email: user.email,
      now,
    });
    await ctx.mailer.keep(tx, { to: user.email, ...bankAccountCode(meta.language, code) }, now);
  });
  runAfterAnswer(ctx, 'bank_account_code', async () => {
    await ctx.mailer.deliverQueued(now);
  });
}

type Outcome = { kind: 'ok'; account: BankAccount } | { kind: 'error'; error: AppError };

export async function registerBankAccount(
  ctx: AppContext,
  user: User,
  input: BankAccountRegistration,
  meta: RequestMeta,
): Promise<BankAccount> {
  const fullName = await approvedName(ctx.db, user.id);
  // Checked before the code, so a typo in the name does not use the code up.
  if (!isSameName(input.accountName, fullName)) throw nameMismatch();
  const now = ctx.clock.now();
  // Commits even when the code is wrong, so the wrong try is counted; the error is thrown after.
  const outcome = await ctx.database.transaction(async (tx): Promise<Outcome> => {
    const [taken] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, user.id), eq(bankAccounts.iban, input.iban)));
    if (taken) {
      return {
        kind: 'error',
        error: new AppError('CONFLICT', 'This IBAN is already registered to your account.'),
      };
    }
    const check = await checkCode(tx, ctx.config.dataKey, {
      purpose: 'bank_registration',
      email: user.email,
      code: input.code,
      now,
    });
    if (check !== 'ok') return { kind: 'error', error: codeError(check) };
    // Two registrations of one IBAN at once: the unique (user_id, iban) lets one in.
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        userId: user.id,
        bankName: input.bankName,
        accountName: input.accountName,
        accountNumber: input.accountNumber,
        iban: input.iban,
        swiftCode: input.swiftCode,
        branch: input.branch,
        isVerified: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [bankAccounts.userId, bankAccounts.iban] })
      .returning();
    if (!row) {
      return {
        kind: 'error',
        error: new AppError('CONFLICT', 'This IBAN is already registered to your account.'),
      };
    }
    await writeAudit(tx, {
      action: 'bank.account_registered',
      actorId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
      // The IBAN's last four only: the audit log is not a copy of the customer's bank details.
      details: { bankAccountId: row.id, ibanLast4: row.iban.slice(-4) },
      at: now,
    });
    // The customer's other tabs list their bank accounts anew (the `requests` topic).
    await notifyUser(tx, user.id, 'requests');
    return { kind: 'ok', account: toBankAccount(row) };
  });
  if (outcome.kind === 'error') throw outcome.error;
  return outcome.account;
}

export async function getBankAccounts(ctx: AppContext, userId: string): Promise<BankAccount[]> {
  const rows = await ctx.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map(toBankAccount);
}

export async function deleteBankAccount(
  ctx: AppContext,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
      .for('update');
    // Another customer's account is answered exactly as a missing one.
    if (!row) throw new AppError('NOT_FOUND', 'This bank account was not found.');
    // A withdrawal takes this row FOR SHARE (ledger_request), so one being made now has
    // committed before this check, or waits and then finds the account gone.
    const [pending] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.bankAccountId, row.id), eq(transfers.status, 'pending')))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', 'A withdrawal to this account is still pending.');
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, row.id));
    await writeAudit(tx, {
      action: 'bank.account_deleted',
      actorId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: { bankAccountId: row.id, ibanLast4: row.iban.slice(-4) },
      at: now,
    });
    await notifyUser(tx, userId, 'requests');
  });
}
