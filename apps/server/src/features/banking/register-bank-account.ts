// Registering a bank account cash is withdrawn to (contract: registerBankAccount; SPEC §5, DESIGN
// §4): approved KYC, the account name equal to the KYC full name (checked again, as the code's
// send checked it), and the emailed code. The
// account is saved verified, with an audit row in its transaction.
import type { BankAccount, bankAccountRegistrationSchema } from '@secure-vault/shared/banking';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bankAccounts } from '../../db/banking-schema.ts';
import { type AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { notifyUser } from '../../ledger/journal.ts';
import { notifyCustomer, sendQueuedAfterAnswer } from '../../mail/notify.ts';
import { checkCode, codeError } from '../../auth/one-time-codes.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import {
  approvedName,
  ibanTaken,
  isIbanRegistered,
  requireVerifiedName,
  toBankAccount,
} from './bank-account-rules.ts';

export type BankAccountRegistration = z.output<typeof bankAccountRegistrationSchema>;

type Outcome = { kind: 'ok'; account: BankAccount } | { kind: 'error'; error: AppError };

export async function registerBankAccount(
  ctx: AppContext,
  user: BankingUser,
  input: BankAccountRegistration,
  meta: RequestMeta,
): Promise<BankAccount> {
  // Checked before the code, so a typo in the name does not use the code up.
  requireVerifiedName(input.accountName, await approvedName(ctx.db, user.id));
  const now = ctx.clock.now();
  // Commits even when the code is wrong, so the wrong try is counted; the error is thrown after.
  const outcome = await ctx.database.transaction(async (tx): Promise<Outcome> => {
    if (await isIbanRegistered(tx, user.id, input.iban)) {
      return { kind: 'error', error: ibanTaken() };
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
    if (!row) return { kind: 'error', error: ibanTaken() };
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
    await notifyCustomer(
      tx,
      user.id,
      'bank_account_added',
      {
        language: meta.language,
        appUrl: ctx.config.appUrl,
        at: now.toISOString(),
        bankName: row.bankName,
        ending: row.iban.slice(-4),
      },
      now,
    );
    return { kind: 'ok', account: toBankAccount(row) };
  });
  if (outcome.kind === 'error') throw outcome.error;
  sendQueuedAfterAnswer(ctx, 'bank_account_notice', now);
  return outcome.account;
}
