// The names the server writes for journal rows and holdings in the customer's language, for the
// history CSV and the signed statements alike: the same words the web app's history screen and
// catalogue show (csv-texts.test.ts keeps them equal). Items staff named keep their own names.
import { cashSymbol, findAsset } from '@secure-vault/shared/catalogue';
import type { LedgerKind } from '@secure-vault/shared/history';
import type { Language } from '@secure-vault/shared/i18n';

export const kindNames: Record<Language, Record<LedgerKind, string>> = {
  en: {
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
    order_reserve: 'Reserved for a limit order',
    order_release: 'Released from a limit order',
  },
  ar: {
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
    order_reserve: 'حجز لأمر محدد السعر',
    order_release: 'تحرير من أمر محدد السعر',
  },
};

export const cashNames: Record<Language, string> = { en: 'Cash', ar: 'النقد' };

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

/**
 * What a journal row is, in words. Swaps journaled before `swap_cash` existed credited their
 * cash as `swap_out`; that row is named for what it is too.
 */
export function kindName(
  language: Language,
  row: { kind: LedgerKind; assetSymbol: string | null },
): string {
  const kind = row.kind === 'swap_out' && row.assetSymbol === cashSymbol ? 'swap_cash' : row.kind;
  return kindNames[language][kind];
}

/** Cash and listed assets by their name in the language; anything else by its stored name. */
export function holdingName(
  language: Language,
  assetSymbol: string | null,
  itemName: string | null,
): string {
  if (assetSymbol === cashSymbol) return cashNames[language];
  const asset = assetSymbol ? findAsset(assetSymbol) : undefined;
  if (asset) return language === 'ar' ? (arabicAssetNames[asset.symbol] ?? asset.name) : asset.name;
  return itemName ?? '';
}
