// The words of statements and proofs of holdings in both languages, and their figures and dates
// formatted with Intl: English as en-US, Arabic with Latin digits as the web app shows them
// ("1,234.50 US$"). Amounts are formatted from their exact decimal strings, never a float.
import type { LedgerKind } from '@secure-vault/shared/history';
import type { Language } from '@secure-vault/shared/i18n';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import type { ValuableStatus } from '@secure-vault/shared/vault';
import { kindName } from '../../i18n/ledger-names.ts';

export interface PdfTexts {
  brand: string;
  statementTitle: string;
  proofTitle: string;
  customer: string;
  accountNumber: string;
  period: string;
  periodToDate: string;
  issuedAt: string;
  holdingsAt: string;
  journalPosition: string;
  noJournalRows: string;
  opening: string;
  movements: string;
  totals: string;
  closing: string;
  closingToDate: string;
  holdings: string;
  columns: {
    holding: string;
    status: string;
    quantity: string;
    value: string;
    date: string;
    description: string;
    asset: string;
    quantityChange: string;
    valueChange: string;
    reference: string;
  };
  total: string;
  valueIn: string;
  valueOut: string;
  net: string;
  noMovements: string;
  noHoldings: string;
  bookValues: string;
  vaultValues: string;
  statuses: Record<Exclude<ValuableStatus, 'delivered'>, string>;
  units: { mg: string };
  /** `{origin}` is the web app's address. */
  footer: string;
  /** `{page}` of `{pages}`. */
  page: string;
}

const english: PdfTexts = {
  brand: 'Secure Vault',
  statementTitle: 'Account statement',
  proofTitle: 'Proof of holdings',
  customer: 'Customer',
  accountNumber: 'Account number',
  period: 'Period (UTC)',
  periodToDate: 'to date',
  issuedAt: 'Issued (UTC)',
  holdingsAt: 'Holdings at (UTC)',
  journalPosition: 'Journal position',
  noJournalRows: 'No movements yet',
  opening: 'Opening holdings and cash',
  movements: 'Movements',
  totals: 'Totals',
  closing: 'Closing holdings and cash',
  closingToDate: 'Closing holdings and cash (at issue)',
  holdings: 'Holdings',
  columns: {
    holding: 'Holding',
    status: 'Status',
    quantity: 'Quantity',
    value: 'Value',
    date: 'Date',
    description: 'Description',
    asset: 'Asset',
    quantityChange: 'Quantity',
    valueChange: 'Value',
    reference: 'Reference',
  },
  total: 'Total',
  valueIn: 'Value in',
  valueOut: 'Value out',
  net: 'Net change',
  noMovements: 'No movements in this period.',
  noHoldings: 'No holdings.',
  bookValues: 'Values are the journal’s book values in US dollars.',
  vaultValues: 'Values are the vault’s recorded values in US dollars at this moment.',
  statuses: {
    active: 'In the vault',
    locked: 'Fixed term',
    in_delivery: 'In delivery',
    reserved: 'Reserved for an order',
  },
  units: { mg: 'mg' },

  footer: 'Signed by Secure Vault — check it at {origin}/verify',
  page: 'Page {page} of {pages}',
};

const arabic: PdfTexts = {
  brand: 'سيكيور ڤولت',
  statementTitle: 'كشف حساب شهري',
  proofTitle: 'إثبات الحيازة',
  customer: 'العميل',
  accountNumber: 'رقم الحساب',
  period: 'الفترة (بالتوقيت العالمي المنسق)',
  periodToDate: 'حتى تاريخه',
  issuedAt: 'تاريخ الإصدار (بالتوقيت العالمي المنسق)',
  holdingsAt: 'الحيازة في (بالتوقيت العالمي المنسق)',
  journalPosition: 'الموضع في السجل',
  noJournalRows: 'لا حركات بعد',
  opening: 'الحيازة والنقد في بداية الفترة',
  movements: 'الحركات',
  totals: 'الإجماليات',
  closing: 'الحيازة والنقد في نهاية الفترة',
  closingToDate: 'الحيازة والنقد عند الإصدار',
  holdings: 'الحيازة',
  columns: {
    holding: 'البند',
    status: 'الحالة',
    quantity: 'الكمية',
    value: 'القيمة',
    date: 'التاريخ',
    description: 'الوصف',
    asset: 'الأصل',
    quantityChange: 'الكمية',
    valueChange: 'القيمة',
    reference: 'المرجع',
  },
  total: 'الإجمالي',
  valueIn: 'القيمة الواردة',
  valueOut: 'القيمة الصادرة',
  net: 'صافي التغيّر',
  noMovements: 'لا توجد حركات في هذه الفترة.',
  noHoldings: 'لا توجد حيازة.',
  bookValues: 'القيم هي القيم الدفترية في السجل بالدولار الأمريكي.',
  vaultValues: 'القيم هي القيم المسجّلة في الخزنة بالدولار الأمريكي في هذه اللحظة.',
  statuses: {
    active: 'في الخزنة',
    locked: 'مثبّت لمدة محددة',
    in_delivery: 'قيد التوصيل',
    reserved: 'محجوز لأمر',
  },
  units: { mg: 'ملغ' },

  footer: 'موقَّع من سيكيور ڤولت — تحقّق منه على {origin}/verify',
  page: 'صفحة {page} من {pages}',
};

export const pdfTexts: Record<Language, PdfTexts> = { en: english, ar: arabic };

const locales: Record<Language, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };
// Bidirectional marks Intl adds to Arabic figures; the PDF lays figures out left to right itself.
const directionMarks = /[\u200e\u200f\u061c\u2066-\u2069]/g;

const usdFormats = new Map<string, Intl.NumberFormat>();

const plainDecimal = /^[+-]?\d+(\.\d+)?$/;

/** A plain decimal string ("-1234.50"): Intl formats it as written, exactly to the digit. */
function isPlainDecimal(value: string): value is Intl.StringNumericLiteral {
  return plainDecimal.test(value);
}

/** What Intl formats for a figure: a plain decimal as it is (money and NUMERIC always are). */
function figureOf(value: string): Intl.StringNumericLiteral | number {
  return isPlainDecimal(value) ? value : Number(value);
}

/** "$1,234.50" / "1,234.50 US$"; `signed` adds "+" to credits. Half away from zero. */
export function formatUsd(value: string, language: Language, signed = false): string {
  const key = `${language}|${signed}`;
  let format = usdFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locales[language], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'negative',
    });
    usdFormats.set(key, format);
  }
  return format.format(figureOf(value)).replace(directionMarks, '');
}

/**
 * A quantity with every decimal it has (up to 8, trailing zeros dropped), grouped, and its unit:
 * "1,754.385 mg", "0.00086956 BTC". `signed` adds "+" to increases.
 */
export function formatQuantity(
  value: string,
  symbol: string | null,
  language: Language,
  signed = false,
): string {
  const exact = dec(value);
  const digits = Math.min(8, Math.max(0, exact.decimalPlaces()));
  const number = new Intl.NumberFormat(locales[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'negative',
  })
    .format(figureOf(exact.toFixed()))
    .replace(directionMarks, '');
  const asset = symbol ? findAsset(symbol) : undefined;
  if (!asset) return number;
  const unit = asset.unit === 'mg' ? pdfTexts[language].units.mg : asset.symbol;
  // In Arabic the figure is a left-to-right isolate, so its sign stays before its digits.
  return language === 'ar' ? `\u2066${number}\u2069 ${unit}` : `${number} ${unit}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** "Nov 5, 2026" / "5 نوفمبر 2026", in UTC. */
export function formatDay(at: Date, language: Language): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(at).replace(directionMarks, '');
}

/** "Nov 5, 2026, 14:03" in UTC; the time in 24 hours in both languages. */
export function formatInstant(at: Date, language: Language): string {
  return dateFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(directionMarks, '');
}

/** "November 2026" / "نوفمبر 2026". */
export function formatMonth(at: Date, language: Language): string {
  return dateFormat(language, { month: 'long', year: 'numeric' })
    .format(at)
    .replace(directionMarks, '');
}

/** A movement's date in the table: "11/05/2026" / "05/11/2026". */
export function formatShortDate(at: Date, language: Language): string {
  return dateFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .replace(directionMarks, '');
}

/** What a journal row is, in words, with a note staff gave after it. */
export function movementDescription(
  language: Language,
  movement: { kind: LedgerKind; assetSymbol: string | null; note: string | null },
): string {
  const label = kindName(language, movement);
  return movement.note ? `${label}: ${movement.note}` : label;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
