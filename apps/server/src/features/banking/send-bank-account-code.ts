// The 6-digit code that confirms a bank account registration (contract: sendBankAccountCode;
// DESIGN §4): emailed to the account's address, 10 minutes, single use, 5 tries, a new one no
// sooner than 60 s. The details are checked first as the registration checks them (approved
// KYC, the account name equal to the KYC name, an IBAN not yet registered), so no code is sent
// for details the registration would refuse; a send too soon says how long is left.
import { and, eq } from 'drizzle-orm';
import type { BankAccountInput } from '@secure-vault/shared/banking';
import type { CodeWaitDetails } from '@secure-vault/shared/banking/limits';
import type { AppContext } from '../../context.ts';
import { codeSends } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bankAccountCode } from '../../mail/templates.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { claimCodeSend, codeResendAfterMs, issueCode } from '../../auth/one-time-codes.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { BankingUser } from './account-lookups.ts';
import {
  approvedName,
  ibanTaken,
  isIbanRegistered,
  requireVerifiedName,
} from './bank-account-rules.ts';

export async function sendBankAccountCode(
  ctx: AppContext,
  user: BankingUser,
  details: Pick<BankAccountInput, 'accountName' | 'iban'>,
  meta: RequestMeta,
): Promise<void> {
  // Refused before the send is claimed, so a refusal does not start the 60-second wait.
  requireVerifiedName(details.accountName, await approvedName(ctx.db, user.id));
  if (await isIbanRegistered(ctx.db, user.id, details.iban)) throw ibanTaken();
  try {
    await claimCodeSend(ctx, { purpose: 'bank_registration', email: user.email, ip: meta.ip });
  } catch (err) {
    if (err instanceof AppError && err.code === 'CODE_TOO_SOON') throw await tooSoon(ctx, user);
    throw err;
  }
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

/** CODE_TOO_SOON with the whole seconds until the last send is a minute old. */
async function tooSoon(ctx: AppContext, user: BankingUser): Promise<AppError> {
  const [last] = await ctx.db
    .select({ at: codeSends.lastSentAt })
    .from(codeSends)
    .where(and(eq(codeSends.purpose, 'bank_registration'), eq(codeSends.email, user.email)));
  const waitMs = last ? last.at.getTime() + codeResendAfterMs - ctx.clock.now().getTime() : 0;
  const seconds = Math.min(Math.max(Math.ceil(waitMs / 1000), 1), codeResendAfterMs / 1000);
  const details: CodeWaitDetails = { retryAfterSeconds: String(seconds) };
  return new AppError(
    'CODE_TOO_SOON',
    `No code was sent: a new one can be asked for in ${seconds} seconds.`,
    { details: { ...details } },
  );
}
