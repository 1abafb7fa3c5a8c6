// The audit log (DESIGN §4): every security event and staff action, written with the same
// transaction handle as the change it records. Details never hold passwords, codes or tokens.
import type { AuditAction } from '@secure-vault/shared/audit';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type { AuditAction };

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
