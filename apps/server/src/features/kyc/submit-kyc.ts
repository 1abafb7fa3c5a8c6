// Submitting the verification (SPEC §5, DESIGN §5): the saved draft and the uploaded documents,
// checked here whatever the wizard did: every answer by its rule, the phone confirmed by code for
// the number in the draft, the terms accepted, the front of the document and its back unless it
// is a passport. Every problem is named at once; a complete draft goes to staff for review.
import { eq } from 'drizzle-orm';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import {
  employmentWithIndustry,
  type KycState,
  kycSubmissionSchema,
} from '@secure-vault/shared/kyc';
import type { AppContext } from '../../context.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { notifyUser } from '../../ledger/journal.ts';
import {
  cleanDraftData,
  documentsOf,
  kycRowOf,
  loadKycState,
  phoneOf,
  refuseUnlessEditable,
} from './kyc-state.ts';

/** The answers as stored, checked again as they are (cleanDraftData drops what fails). */
function storedAnswers(stored: unknown): object {
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
}

export async function submitKyc(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
): Promise<KycState> {
  const now = ctx.clock.now();
  return ctx.database.transaction(async (tx) => {
    const row = await kycRowOf(tx, userId, { lock: true });
    if (row) {
      refuseUnlessEditable(row.status);
      if (row.status === 'rejected') {
        throw new AppError('CONFLICT', 'Correct your answers before submitting again.');
      }
    }
    const data = cleanDraftData(row?.data);
    const issues: ErrorIssue[] = [];
    const add = (field: string, message: string) => {
      const path = `body.${field}`;
      if (!issues.some((issue) => issue.path === path && issue.message === message)) {
        issues.push({ path, message });
      }
    };

    // A missing answer is refused with its field's own message, as an empty one is; a stored one
    // that no longer passes its rule (a document that has expired since) with that rule's message.
    const parsed = kycSubmissionSchema.safeParse(storedAnswers(row?.data));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
    }
    // The schema's own check of these runs only once every answer is there: name them now too.
    const asksIndustry = employmentWithIndustry.some(
      (employment) => employment === data.employment,
    );
    if (asksIndustry && data.industry === undefined) add('industry', 'kyc:errors.choiceRequired');
    const phone = phoneOf(data);
    if (phone !== null && row?.verifiedPhone !== phone) {
      add('phoneNumber', 'kyc:errors.phoneNotVerified');
    }
    const documents = await documentsOf(tx, userId);
    if (!documents.some((document) => document.side === 'front')) {
      add('documentFront', 'kyc:errors.documentFrontRequired');
    }
    if (data.documentType !== 'passport' && !documents.some((d) => d.side === 'back')) {
      add('documentBack', 'kyc:errors.documentBackRequired');
    }
    if (!row || !parsed.success || issues.length > 0) {
      throw new AppError('VALIDATION', 'Your verification is not complete yet.', { issues });
    }

    await tx
      .update(kycVerifications)
      .set({
        status: 'submitted',
        data: parsed.data,
        submittedAt: now,
        rejectionReason: null,
        decidedAt: null,
        decidedBy: null,
        updatedAt: now,
      })
      .where(eq(kycVerifications.userId, userId));
    // The language the customer submitted in is the one staff's decision is mailed in.
    await writeAudit(tx, {
      action: 'kyc.submitted',
      actorId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: {
        language: meta.language,
        documentType: parsed.data.documentType,
        documents: documents.map((document) => document.id),
      },
      at: now,
    });
    await notifyUser(tx, userId, 'profile');
    return loadKycState(tx, userId);
  });
}
