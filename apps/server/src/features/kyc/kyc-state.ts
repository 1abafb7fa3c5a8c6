// A customer's verification as the wizard, the dashboard and staff read it: the stored row (or
// "not started" without one), its draft answers and the documents uploaded so far.
import { asc, eq } from 'drizzle-orm';
import {
  type KycDocument,
  type KycDraftData,
  kycDraftDataSchema,
  type KycState,
} from '@secure-vault/shared/kyc';
import type { Db } from '../../db/client.ts';
import { kycDocuments, kycVerifications } from '../../db/kyc-schema.ts';
import { AppError } from '../../errors.ts';

export type KycRow = typeof kycVerifications.$inferSelect;

/** The phone number as one string ('+971501234567'), when the draft has both parts. */
export function phoneOf(data: KycDraftData): string | null {
  if (data.countryCode === undefined || data.phoneNumber === undefined) return null;
  return `${data.countryCode}${data.phoneNumber}`;
}

/**
 * The stored answers that are still valid on their own. Every answer was checked when it was
 * saved, but a rule may have changed since: an answer that no longer passes is dropped (the
 * wizard asks for it again) rather than making the whole verification unreadable.
 */
export function cleanDraftData(stored: unknown): KycDraftData {
  const data: Record<string, unknown> =
    typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...stored } : {};
  for (let attempt = 0; attempt < 30; attempt++) {
    const parsed = kycDraftDataSchema.safeParse(data);
    if (parsed.success) return parsed.data;
    const bad = new Set<string>();
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') issue.keys.forEach((key) => bad.add(key));
      else if (typeof issue.path[0] === 'string') bad.add(issue.path[0]);
    }
    if (bad.size === 0) return {};
    for (const key of bad) delete data[key];
  }
  return {};
}

export async function documentsOf(db: Db, userId: string): Promise<KycDocument[]> {
  const rows = await db
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, userId))
    .orderBy(asc(kycDocuments.side));
  return rows.map((row) => ({
    id: row.id,
    side: row.side,
    name: row.name,
    size: row.size,
    type: row.mediaType,
    uploadedAt: row.createdAt.toISOString(),
  }));
}

export function toKycState(row: KycRow | undefined, documents: KycDocument[]): KycState {
  if (!row) {
    return {
      status: 'not_started',
      step: 0,
      data: {},
      verifiedPhone: null,
      documents,
      rejectionReason: null,
      submittedAt: null,
      decidedAt: null,
    };
  }
  return {
    status: row.status,
    step: row.step,
    data: cleanDraftData(row.data),
    verifiedPhone: row.verifiedPhone,
    documents,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The stored row, locked for the rest of the transaction when `lock` is set. */
export async function kycRowOf(
  db: Db,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<KycRow | undefined> {
  const query = db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The row, created as an empty draft when there is none, locked for the rest of the transaction
 * (two saves of one customer queue instead of losing one another's answers).
 */
export async function lockedDraftRow(tx: Db, userId: string, now: Date): Promise<KycRow> {
  await tx
    .insert(kycVerifications)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const row = await kycRowOf(tx, userId, { lock: true });
  if (!row) throw new Error('the verification row cannot be read back');
  return row;
}

export async function loadKycState(db: Db, userId: string): Promise<KycState> {
  const row = await kycRowOf(db, userId);
  return toKycState(row, await documentsOf(db, userId));
}

/** Refused while staff review it or once it is approved. */
export function refuseUnlessEditable(status: string): void {
  if (status === 'submitted') {
    throw new AppError('CONFLICT', 'Your verification is under review and cannot be changed.');
  }
  if (status === 'approved') {
    throw new AppError('CONFLICT', 'Your verification is already complete.');
  }
}
