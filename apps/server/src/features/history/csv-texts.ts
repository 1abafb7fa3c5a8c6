// The CSV export's words in the customer's language: the header, each row's kind, and the names
// of cash and the listed assets (the web app's catalogue names, which a test keeps equal to
// these). Items that staff named keep their own names.
import { cashSymbol, findAsset } from '@secure-vault/shared/catalogue';
import type { HistoryEntry, LedgerKind } from '@secure-vault/shared/history';
import type { Language } from '@secure-vault/shared/i18n';

interface CsvTexts {
  header: readonly [string, string, string, string, string, string, string];
  kinds: Record<LedgerKind, string>;
  cash: string;
}

const english: CsvTexts = {
  header: ['Date', 'Type', 'Asset', 'Item', 'Quantity', 'Amount (USD)', 'Reference'],
  kinds: {
    buy: 'Purchase',
    sell: 'Sale',
    swap_out: 'Swap (given)',
    swap_in: 'Swap (received)',
    swap_cash: 'Swap remainder to cash',
    transfer_out: 'Transfer sent',
    transfer_in: 'Transfer received',
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    refund: 'Refund',
    asset_to_cash: 'Assets to cash',
    fixed_term_start: 'Fixed term started',
    fixed_term_profit: 'Fixed term profit',
    fixed_term_end: 'Fixed term ended',
    delivery: 'Delivery',
    book_balance: 'Book balance approved',
    admin_add: 'Added by staff',
    admin_edit: 'Adjusted by staff',
    admin_delete: 'Removed by staff',
    rounding: 'Rounded to whole cents',
  },
  cash: 'Cash',
};

const arabic: CsvTexts = {
  header: ['التاريخ', 'النوع', 'الأصل', 'البند', 'الكمية', 'المبلغ (دولار أمريكي)', 'المرجع'],
  kinds: {
    buy: 'شراء',
    sell: 'بيع',
    swap_out: 'مبادلة (مُقدَّم)',
    swap_in: 'مبادلة (مُستلَم)',
    swap_cash: 'باقي المبادلة إلى النقد',
    transfer_out: 'تحويل صادر',
    transfer_in: 'تحويل وارد',
    deposit: 'إيداع',
    withdrawal: 'سحب',
    refund: 'استرداد',
    asset_to_cash: 'تحويل أصول إلى نقد',
    fixed_term_start: 'بدء مدة التثبيت',
    fixed_term_profit: 'أرباح مدة التثبيت',
    fixed_term_end: 'انتهاء مدة التثبيت',
    delivery: 'توصيل',
    book_balance: 'اعتماد الرصيد الدفتري',
    admin_add: 'إضافة من الموظفين',
    admin_edit: 'تعديل من الموظفين',
    admin_delete: 'إزالة من الموظفين',
    rounding: 'تقريب إلى سنتات كاملة',
  },
  cash: 'النقد',
};

/** Arabic names of the listed assets, by symbol; English names are the catalogue's own. */
export const arabicAssetNames: Record<string, string> = {
  RH: 'الروديوم',
  IR: 'الإيريديوم',
  AU: 'الذهب',
  PD: 'البلاديوم',
  PT: 'البلاتين',
  OS: 'الأوزميوم',
  RE: 'الرينيوم',
  AG: 'الفضة',
  BTC: 'بيتكوين',
  ETH: 'إيثريوم',
  XRP: 'إكس آر بي',
  BNB: 'بي إن بي',
  SOL: 'سولانا',
  DOGE: 'دوجكوين',
  ADA: 'كاردانو',
  TRX: 'ترون',
  AVAX: 'أفالانش',
  SHIB: 'شيبا إينو',
  BCH: 'بيتكوين كاش',
  LTC: 'لايتكوين',
  LINK: 'تشينلينك',
  DOT: 'بولكادوت',
  MATIC: 'بوليغون',
  TON: 'تونكوين',
  ICP: 'إنترنت كمبيوتر',
  UNI: 'يوني سواب',
  XLM: 'ستيلر',
  VET: 'في تشين',
};

export const csvTexts: Record<Language, CsvTexts> = { en: english, ar: arabic };

/**
 * What a row is, in words. Swaps journaled before `swap_cash` existed credited their cash as
 * `swap_out`; that row is named for what it is too.
 */
export function csvKind(language: Language, entry: HistoryEntry): string {
  const kind =
    entry.kind === 'swap_out' && entry.assetSymbol === cashSymbol ? 'swap_cash' : entry.kind;
  return csvTexts[language].kinds[kind];
}

/** Cash and listed assets by their name in the language; anything else by its stored name. */
export function csvItem(language: Language, entry: HistoryEntry): string {
  const texts = csvTexts[language];
  if (entry.assetSymbol === cashSymbol) return texts.cash;
  const asset = entry.assetSymbol ? findAsset(entry.assetSymbol) : undefined;
  if (asset) return language === 'ar' ? (arabicAssetNames[asset.symbol] ?? asset.name) : asset.name;
  return entry.itemName ?? '';
}
