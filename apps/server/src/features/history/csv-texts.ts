// The CSV export's words in the customer's language: the header, and each row's kind and item
// named as the statements name them (i18n/ledger-names.ts).
import type { HistoryEntry } from '@secure-vault/shared/history';
import type { Language } from '@secure-vault/shared/i18n';
import { holdingName, kindName } from '../../i18n/ledger-names.ts';

interface CsvTexts {
  header: readonly [string, string, string, string, string, string, string];
}

const english: CsvTexts = {
  header: ['Date', 'Type', 'Asset', 'Item', 'Quantity', 'Amount (USD)', 'Reference'],
};

const arabic: CsvTexts = {
  header: ['التاريخ', 'النوع', 'الأصل', 'البند', 'الكمية', 'المبلغ (دولار أمريكي)', 'المرجع'],
};

export const csvTexts: Record<Language, CsvTexts> = { en: english, ar: arabic };

/** What a row is, in words. */
export function csvKind(language: Language, entry: HistoryEntry): string {
  return kindName(language, entry);
}

/** Cash and listed assets by their name in the language; anything else by its stored name. */
export function csvItem(language: Language, entry: HistoryEntry): string {
  return holdingName(language, entry.assetSymbol, entry.itemName);
}
