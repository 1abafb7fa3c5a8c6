// The wizard's draft (SPEC §2, DESIGN §5): read it, and save the step and the answers so far at
// each step, so closing the tab loses nothing. Answers merge into what is saved; the draft can
// change until it is submitted, and a rejected verification becomes a draft again when edited.
import type { z } from 'zod';
import {
  employmentWithIndustry,
  type KycDraftData,
  type kycDraftSchema,
  type KycState,
  phoneMinimumLength,
} from '@secure-vault/shared/kyc';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { AppError } from '../../errors.ts';
import {
  cleanDraftData,
  loadKycState,
  lockedDraftRow,
  phoneOf,
  refuseUnlessEditable,
} from './kyc-state.ts';
import { cancelPhoneCodes } from './phone-code.ts';

type DraftInput = z.output<typeof kycDraftSchema>;

export function getKyc(ctx: AppContext, userId: string): Promise<KycState> {
  return loadKycState(ctx.db, userId);
}

/**
 * The saved answers with the new ones: a field sent replaces its value. Industry belongs to the
 * employment it was chosen for: an employment sent without one, or one that asks for none,
 * clears it.
 */
export function mergeDraft(saved: KycDraftData, sent: KycDraftData): KycDraftData {
  const merged: KycDraftData = { ...saved, ...sent };
  const asksIndustry =
    merged.employment !== undefined &&
    employmentWithIndustry.some((employment) => employment === merged.employment);
  if ((sent.employment !== undefined && sent.industry === undefined) || !asksIndustry) {
    delete merged.industry;
  }
  return merged;
}

export async function saveKycDraft(
  ctx: AppContext,
  user: { id: string; email: string },
  input: DraftInput,
): Promise<KycState> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockedDraftRow(tx, user.id, now);
    refuseUnlessEditable(row.status);
    const saved = cleanDraftData(row.data);
    const data = mergeDraft(saved, input.data);
    // The body's schema checks the length when both parts come together; one part sent alone
    // is checked against the other as saved.
    if (
      data.countryCode !== undefined &&
      data.phoneNumber !== undefined &&
      data.phoneNumber.length < phoneMinimumLength(data.countryCode)
    ) {
      throw new AppError('VALIDATION', 'The request is not valid.', {
        issues: [{ path: 'body.data.phoneNumber', message: 'kyc:errors.phoneTooShort' }],
      });
    }
    const phone = phoneOf(data);
    // A new number needs its own code: the confirmation and any code in flight no longer count.
    if (phone !== phoneOf(saved)) await cancelPhoneCodes(tx, user.email, now);
    await tx
      .update(kycVerifications)
      .set({
        status: 'draft',
        step: input.step,
        data,
        verifiedPhone: row.verifiedPhone !== null && row.verifiedPhone === phone ? phone : null,
        updatedAt: now,
      })
      .where(eq(kycVerifications.userId, user.id));
    return loadKycState(tx, user.id);
  });
}
