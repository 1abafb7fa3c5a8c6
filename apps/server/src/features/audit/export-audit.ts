// The audit log as CSV (RFC 4180, CRLF lines): the newest rows matching the filters, at most
// auditExportLimit of them. The header and the action codes are the log's own, so a script reads
// every export alike; beside each code its name in the staff member's language, as the viewer
// shows it. Every text cell is escaped against formula injection.
import { type AuditFilter, auditExportLimit } from '@secure-vault/shared/audit';
import { auditActionLabels } from '@secure-vault/shared/audit-labels';
import type { Language } from '@secure-vault/shared/i18n';
import type { Db } from '../../db/client.ts';
import { csvField, csvText } from '../../http/csv.ts';
import { auditEntriesFor } from './list-audit.ts';

export const auditCsvHeader = [
  'Time (UTC)',
  'Action',
  'Action code',
  'Actor email',
  'Actor ID',
  'Customer email',
  'Customer ID',
  'IP address',
  'Details',
] as const;

export async function exportAuditCsv(
  db: Db,
  filter: AuditFilter,
  language: Language,
): Promise<string> {
  const labels: Record<string, string> = auditActionLabels[language];
  const entries = await auditEntriesFor(db, filter, auditExportLimit);
  const lines = [auditCsvHeader.map(csvField).join(',')];
  for (const entry of entries) {
    lines.push(
      [
        entry.at,
        // An action written by an older server and since renamed keeps its code as its name.
        csvText(labels[entry.action] ?? entry.action),
        csvText(entry.action),
        csvText(entry.actor?.email ?? null),
        entry.actor?.id ?? '',
        csvText(entry.customer?.email ?? null),
        entry.customer?.id ?? '',
        csvText(entry.ip),
        csvText(JSON.stringify(entry.details)),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** e.g. secure-vault-audit-2026-11-21.csv (the day of the export, UTC). */
export function auditCsvFilename(now: Date): string {
  return `secure-vault-audit-${now.toISOString().slice(0, 10)}.csv`;
}
