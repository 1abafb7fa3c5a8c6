// The history as CSV (RFC 4180: CRLF lines, fields with commas, quotes or line breaks quoted,
// quotes doubled): every row matching the filters, read in keyset batches.
import type { Db } from '../../db/client.ts';
import { type HistoryFilter, listHistory } from './get-history.ts';

export const historyCsvHeader = [
  'Date',
  'Kind',
  'Asset',
  'Item',
  'Quantity',
  'Amount (USD)',
  'Reference',
] as const;

const batchSize = 1000;

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Free text (item names come from staff) that a spreadsheet would run as a formula gets a
 * leading apostrophe (OWASP "CSV injection"); numbers are left alone.
 */
export function csvText(value: string | null): string {
  if (value === null) return '';
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

export async function exportHistoryCsv(
  db: Db,
  userId: string,
  filter: HistoryFilter,
): Promise<string> {
  const lines = [historyCsvHeader.map(csvField).join(',')];
  let cursor: string | undefined;
  do {
    const page = await listHistory(db, userId, filter, { cursor, limit: batchSize });
    for (const entry of page.entries) {
      lines.push(
        [
          entry.createdAt,
          entry.kind,
          csvText(entry.assetSymbol),
          csvText(entry.itemName),
          entry.quantityDelta ?? '',
          entry.valueDelta,
          csvText(entry.reference),
        ].join(','),
      );
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return `${lines.join('\r\n')}\r\n`;
}

/** e.g. secure-vault-history-2026-11-21.csv (the day of the export, UTC). */
export function historyCsvFilename(now: Date): string {
  return `secure-vault-history-${now.toISOString().slice(0, 10)}.csv`;
}
