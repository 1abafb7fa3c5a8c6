// The 6-digit code that confirms a bank account registration (contract: sendBankAccountCode;
// DESIGN §4): emailed to the account's address, 10 minutes, single use, 5 tries, a new one no
// sooner than 60 s. Refused to a customer without approved KYC.
import type { AppContext } from '../../context.ts';
import { bankAccountCode } from '../../mail/templates.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { claimCodeSend, issueCode } from '../../auth/one-time-codes.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import { approvedName } from './bank-account-rules.ts';

export async function sendBankAccountCode(
  ctx: AppContext,
  user: BankingUser,
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
