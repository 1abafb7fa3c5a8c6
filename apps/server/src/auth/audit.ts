// The audit log (DESIGN §4): every security event and staff action, written with the same
// transaction handle as the change it records. Details never hold passwords, codes or tokens.
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditAction =
  | 'auth.sign_up'
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.password_changed'
  | 'auth.password_reset'
  | 'auth.totp_enabled'
  | 'auth.totp_disabled'
  | 'auth.session_revoked'
  | 'auth.sessions_revoked'
  | 'admin.password_reset'
  | 'admin.impersonation_link'
  | 'admin.impersonation_started'
  | 'admin.impersonation_ended'
  | 'admin.role_granted'
  | 'admin.account_created'
  | 'admin.valuable_added'
  | 'admin.valuable_edited'
  | 'admin.valuable_deleted'
  | 'admin.book_balance_set'
  | 'admin.book_balance_approved'
  | 'admin.book_balance_rejected'
  | 'kyc.submitted'
  | 'kyc.document_uploaded'
  | 'kyc.document_deleted'
  | 'admin.kyc_approved'
  | 'admin.kyc_rejected'
  | 'admin.kyc_document_viewed'
  | 'bank.account_registered'
  | 'bank.account_deleted'
  | 'transfer.status_changed'
  | 'delivery.status_changed'
  | 'delivery.tracking_added';

export interface AuditEntry {
  action: AuditAction;
  actorId: string | null;
  subjectUserId: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId,
    subjectUserId: entry.subjectUserId,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}
