// The history as CSV (RFC 4180: CRLF lines, fields with commas, quotes or line breaks quoted,
// quotes doubled): every row matching the filters, read in keyset batches, with its header, kinds
// and asset names in the customer's language. Its lines are the legs the history screen shows
// (shared/history-movements.ts): a part split off for a delivery or a fixed term is one line, not
// the journal's pair, and a trade's asset line is worth the trade's cash.
import type { HistoryEntry } from '@secure-vault/shared/history';
import { movementReader } from '@secure-vault/shared/history-movements';
import { wholeCents } from '@secure-vault/shared/history-receipt';
import type { Language } from '@secure-vault/shared/i18n';
import type { Db } from '../../db/client.ts';
import { csvField, csvText } from '../../http/csv.ts';
import { csvItem, csvKind, csvTexts } from './csv-texts.ts';
import { type HistoryFilter, listHistory } from './get-history.ts';

const batchSize = 1000;

export async function exportHistoryCsv(
  db: Db,
  userId: string,
  filter: HistoryFilter,
  language: Language,
): Promise<string> {
  const lines = [csvTexts[language].header.map(csvField).join(',')];
  const line = (entry: HistoryEntry) =>
    [
      entry.createdAt,
      csvField(csvKind(language, entry)),
      csvText(entry.assetSymbol),
      csvText(csvItem(language, entry)),
      entry.quantityDelta ?? '',
      // Whole cents, as the history screen and a receipt show them (shared/history-receipt.ts).
      wholeCents(entry.valueDelta),
      csvText(entry.reference),
    ].join(',');
  const movements = movementReader();
  let cursor: string | undefined;
  do {
    const page = await listHistory(db, userId, filter, { cursor, limit: batchSize });
    for (const movement of movements.read(page.entries)) lines.push(...movement.legs.map(line));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  for (const movement of movements.finish()) lines.push(...movement.legs.map(line));
  return `${lines.join('\r\n')}\r\n`;
}

/** e.g. secure-vault-history-2026-11-21.csv (the day of the export, UTC). */
export function historyCsvFilename(now: Date): string {
  return `secure-vault-history-${now.toISOString().slice(0, 10)}.csv`;
}
