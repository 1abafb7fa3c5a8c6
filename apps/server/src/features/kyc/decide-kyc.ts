// Staff decide a submitted verification (DESIGN §5). Approval fills the customer's profile from
// the answers (full name, date of birth, address, phone, country) and sets kyc_completed, with
// its audit row, in one transaction; rejection keeps the reason for the customer to read. Either
// way the customer's pages refresh and they are emailed, in the language they submitted in.
import { and, desc, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import {
  type KycDecision,
  type KycReview,
  type KycSubmission,
  kycSubmissionSchema,
} from '@secure-vault/shared/kyc';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { auditLog, profiles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { notifyCustomer } from '../../mail/notify.ts';
import { writeAudit } from '../../auth/audit.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';
import { notifyUser } from '../../ledger/journal.ts';
import { cleanDraftData, kycRowOf } from './kyc-state.ts';
import { kycReviewOf } from './review-kyc.ts';

/** What approval writes into the profile (SPEC §7's update on KYC completion). */
export function profileFromAnswers(answers: KycSubmission) {
  const [day, month, year] = answers.dateOfBirth.split('/');
  const join = (parts: (string | undefined)[], separator: string) =>
    parts.filter((part): part is string => part !== undefined && part !== '').join(separator);
  return {
    fullName: join([answers.firstName, answers.middleName, answers.surname], ' '),
    dateOfBirth: `${year}-${month}-${day}`,
    streetAddress: join([answers.street, answers.building, answers.apartment], ', '),
    city: answers.city,
    postalCode: answers.postcode,
    phoneNumber: `${answers.countryCode}${answers.phoneNumber}`,
    // The country that issued the identity document (ISO 3166 alpha-2): a dial code can stand
    // for several countries (+1, +7, +44…), and the wizard asks for no country of residence.
    country: answers.documentCountry,
  };
}

/** The language of the customer's latest submission (recorded with it), else English. */
async function submissionLanguage(tx: Db, userId: string): Promise<Language> {
  const [submitted] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, 'kyc.submitted')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const language = submitted?.details.language;
  return isLanguage(language) ? language : 'en';
}

export async function decideKyc(
  ctx: AppContext,
  staff: RequestAuth,
  userId: string,
  decision: KycDecision,
  meta: RequestMeta,
): Promise<KycReview> {
  const now = ctx.clock.now();
  const review = await ctx.database.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('NOT_FOUND', 'No such customer.');
    await assertStaffMayActOn(tx, staff.user.id, userId);
    const row = await kycRowOf(tx, userId, { lock: true });
    if (row?.status !== 'submitted') {
      throw new AppError('CONFLICT', 'Only a submitted verification can be approved or rejected.');
    }
    const decided = { decidedAt: now, decidedBy: staff.user.id, updatedAt: now };
    if (decision.decision === 'approve') {
      const answers = kycSubmissionSchema.safeParse(cleanDraftData(row.data));
      if (!answers.success) {
        throw new AppError('CONFLICT', 'The submitted answers are not complete; reject them.');
      }
      await tx
        .update(kycVerifications)
        .set({ status: 'approved', rejectionReason: null, ...decided })
        .where(eq(kycVerifications.userId, userId));
      const [profile] = await tx
        .update(profiles)
        .set({ ...profileFromAnswers(answers.data), kycCompleted: true, updatedAt: now })
        .where(eq(profiles.userId, userId))
        .returning({ userId: profiles.userId });
      if (!profile) throw new AppError('NOT_FOUND', 'No profile found');
      await writeAudit(tx, {
        action: 'admin.kyc_approved',
        actorId: staff.user.id,
        subjectUserId: userId,
        ip: meta.ip,
        at: now,
      });
    } else {
      await tx
        .update(kycVerifications)
        .set({ status: 'rejected', rejectionReason: decision.reason, ...decided })
        .where(eq(kycVerifications.userId, userId));
      await writeAudit(tx, {
        action: 'admin.kyc_rejected',
        actorId: staff.user.id,
        subjectUserId: userId,
        ip: meta.ip,
        details: { reason: decision.reason },
        at: now,
      });
    }
    await notifyUser(tx, userId, 'profile');
    // The customer's email is kept with the decision, in the language they submitted in.
    const language = await submissionLanguage(tx, userId);
    await notifyCustomer(
      tx,
      userId,
      'kyc_decided',
      {
        language,
        appUrl: ctx.config.appUrl,
        decision: decision.decision === 'approve' ? 'approved' : 'rejected',
        reason: decision.decision === 'approve' ? null : decision.reason,
      },
      now,
    );
    return kycReviewOf(tx, userId);
  });
  runAfterAnswer(ctx, 'kyc_decision', async () => {
    await ctx.mailer.deliverQueued(now);
  });
  return review;
}
