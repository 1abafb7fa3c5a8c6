// The audit log as CSV (RFC 4180, CRLF lines): the newest rows matching the filters, at most
// auditExportLimit of them. The header and the action codes are the log's own, so an export
// reads the same whoever made it; every text cell is escaped against formula injection.
import { type AuditFilter, auditExportLimit } from '@secure-vault/shared/audit';
import type { Db } from '../../db/client.ts';
import { csvField, csvText } from '../../http/csv.ts';
import { auditEntriesFor } from './list-audit.ts';

export const auditCsvHeader = [
  'Time (UTC)',
  'Action',
  'Actor email',
  'Actor ID',
  'Customer email',
  'Customer ID',
  'IP address',
  'Details',
] as const;

export async function exportAuditCsv(db: Db, filter: AuditFilter): Promise<string> {
  const entries = await auditEntriesFor(db, filter, auditExportLimit);
  const lines = [auditCsvHeader.map(csvField).join(',')];
  for (const entry of entries) {
    lines.push(
      [
        entry.at,
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
