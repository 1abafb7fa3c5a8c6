// The phone step of the wizard (SPEC §2, DESIGN §5): there is no SMS, so a 6-digit code goes to
// the account's email address (DESIGN §4's code rules: 10 minutes, single use, 5 tries, a new one
// no sooner than 60 s). The number asked for is saved into the draft with the code, and a later
// change of number cancels the code, so the code confirms exactly the number it was sent for.
import { and, eq, isNull } from 'drizzle-orm';
import type { KycState } from '@secure-vault/shared/kyc';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { oneTimeCodes } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { kycPhoneCode } from '../../mail/templates.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { checkCode, claimCodeSend, codeError, issueCode } from '../../auth/one-time-codes.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import {
  cleanDraftData,
  kycRowOf,
  loadKycState,
  lockedDraftRow,
  phoneOf,
  refuseUnlessEditable,
} from './kyc-state.ts';

/** Makes any live KYC code of the account unusable. */
export async function cancelPhoneCodes(tx: Db, email: string, now: Date): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, 'kyc'),
        eq(oneTimeCodes.email, email),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

export async function sendKycPhoneCode(
  ctx: AppContext,
  user: { id: string; email: string },
  input: { countryCode: string; phoneNumber: string },
  meta: RequestMeta,
): Promise<void> {
  // Refused before the send is claimed, so a refusal does not start the 60-second wait.
  const current = await kycRowOf(ctx.db, user.id);
  if (current) refuseUnlessEditable(current.status);
  await claimCodeSend(ctx, { purpose: 'kyc', email: user.email, ip: meta.ip });
  const now = ctx.clock.now();
  const phone = `${input.countryCode}${input.phoneNumber}`;
  await ctx.db.transaction(async (tx) => {
    const row = await lockedDraftRow(tx, user.id, now);
    refuseUnlessEditable(row.status);
    const data = { ...cleanDraftData(row.data), ...input };
    await tx
      .update(kycVerifications)
      .set({
        status: 'draft',
        data,
        verifiedPhone: row.verifiedPhone === phone ? phone : null,
        updatedAt: now,
      })
      .where(eq(kycVerifications.userId, user.id));
    const code = await issueCode(tx, ctx.config.dataKey, {
      purpose: 'kyc',
      email: user.email,
      now,
    });
    // Kept with the code: a code issued is a code mailed.
    await ctx.mailer.keep(tx, { to: user.email, ...kycPhoneCode(meta.language, code, phone) }, now);
  });
  runAfterAnswer(ctx, 'kyc_phone_code', async () => {
    await ctx.mailer.deliverQueued(now);
  });
}

type VerifyOutcome = { kind: 'ok' } | { kind: 'error'; error: AppError };

export async function verifyKycPhoneCode(
  ctx: AppContext,
  user: { id: string; email: string },
  input: { code: string },
): Promise<KycState> {
  const now = ctx.clock.now();
  // Commits even when the code is wrong, so the wrong try is counted; the error is thrown after.
  const outcome = await ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    const row = await kycRowOf(tx, user.id, { lock: true });
    const data = cleanDraftData(row?.data);
    const phone = phoneOf(data);
    if (!row || row.status !== 'draft' || phone === null) {
      return {
        kind: 'error',
        error: new AppError('CONFLICT', 'Ask for a code for your phone number first.'),
      };
    }
    const check = await checkCode(tx, ctx.config.dataKey, {
      purpose: 'kyc',
      email: user.email,
      code: input.code,
      now,
    });
    if (check !== 'ok') return { kind: 'error', error: codeError(check) };
    await tx
      .update(kycVerifications)
      .set({ verifiedPhone: phone, updatedAt: now })
      .where(eq(kycVerifications.userId, user.id));
    return { kind: 'ok' };
  });
  if (outcome.kind === 'error') throw outcome.error;
  return loadKycState(ctx.db, user.id);
}
