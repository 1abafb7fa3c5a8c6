// The emails of the markets (issue 29), in the customer's language, each with a link to the
// asset's page: a price alert that fired (prices/alerts.ts) — the level set and the sell price
// that reached it, per mg or per unit as the book prices it — and a recurring buy's period, bought
// or skipped and why (jobs/recurring-buy.ts).
import { findAsset } from '@secure-vault/shared/catalogue';
import type { AlertDirection } from '@secure-vault/shared/alerts';
import type { Language } from '@secure-vault/shared/i18n';
import { paths } from '@secure-vault/shared/paths';
import { holdingName } from '../i18n/ledger-names.ts';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

export const signature: Record<Language, string> = {
  en: 'Kind regards,\nThe Secure Vault team',
  ar: 'مع أطيب التحيات،\nفريق Secure Vault',
};

export interface PriceAlertNotice {
  appUrl: string;
  symbol: string;
  direction: AlertDirection;
  price: string;
  firedPrice: string;
}

/** A price as the book holds it, with its thousands grouped: "$115,000", "$0.000012". */
export function priceText(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The asset's page: a metal's calculator or a cryptocurrency's. */
export function assetPagePath(symbol: string): string {
  const asset = findAsset(symbol);
  return asset?.kind === 'metal' ? paths.metalCalculator(symbol) : paths.cryptoDetail(symbol);
}

export function priceAlertFired(language: Language, notice: PriceAlertNotice): Rendered {
  const asset = findAsset(notice.symbol);
  const name = holdingName(language, notice.symbol, notice.symbol);
  const link = `${notice.appUrl}${assetPagePath(notice.symbol)}`;
  const level = priceText(notice.price);
  const now = priceText(notice.firedPrice);
  if (language === 'ar') {
    const unit = asset?.unit === 'mg' ? 'لكل ملغ' : 'للوحدة';
    const side = notice.direction === 'above' ? 'أو أعلى' : 'أو أدنى';
    return render('ar', `تنبيه سعر: ${name} — Secure Vault`, [
      'مرحباً،',
      `بلغ سعر بيع ${name} مستوى التنبيه الذي حددته، ${level} ${unit} ${side}: السعر الآن ${now} ${unit}.`,
      `تفاصيل الأصل وأسعاره: ${link}`,
      'أُرسل هذا التنبيه مرة واحدة، ولن يُرسل مجدداً.',
      signature.ar,
    ]);
  }
  const unit = asset?.unit === 'mg' ? 'per mg' : 'per unit';
  const side = notice.direction === 'above' ? 'risen to' : 'fallen to';
  return render('en', `Price alert: ${name} — Secure Vault`, [
    'Hello,',
    `${name}'s sell price has ${side} your level of ${level} ${unit}: it is now ${now} ${unit}.`,
    `See the asset and its prices: ${link}`,
    'This alert has now fired and will not be sent again.',
    signature.en,
  ]);
}

export interface RecurringBuyNotice {
  appUrl: string;
  symbol: string;
  amount: string;
  outcome: 'bought' | 'skipped';
  quantity: string | null;
  total: string | null;
  reason: string | null;
  nextRunAt: string;
}

/** Why a period was skipped, in words. */
const skipReasons: Record<Language, Record<string, string>> = {
  en: {
    INSUFFICIENT_CASH: 'your cash balance was short of the amount',
    PRICE_STALE: 'trading in it was paused, its price being out of date',
  },
  ar: {
    INSUFFICIENT_CASH: 'رصيدك النقدي لم يكفِ المبلغ',
    PRICE_STALE: 'التداول فيه متوقف مؤقتاً لأن سعره غير محدّث',
  },
};

const dayOf = (iso: string) => iso.slice(0, 10);

/** A recurring buy's period, bought or skipped, and when it buys next. */
export function recurringBuyRan(language: Language, notice: RecurringBuyNotice): Rendered {
  const name = holdingName(language, notice.symbol, notice.symbol);
  const amount = priceText(notice.amount);
  const next = dayOf(notice.nextRunAt);
  const link = `${notice.appUrl}${assetPagePath(notice.symbol)}`;
  const unit = findAsset(notice.symbol)?.unit === 'mg' ? { en: 'mg', ar: 'ملغ' } : null;
  const quantity = `${notice.quantity ?? '0'}${unit ? ` ${unit[language]}` : ''}`;
  if (language === 'ar') {
    const why = skipReasons.ar[notice.reason ?? ''] ?? 'تعذّر تنفيذ الشراء';
    return render('ar', `الشراء المتكرر: ${name} — Secure Vault`, [
      'مرحباً،',
      notice.outcome === 'bought'
        ? `اشترينا ${quantity} من ${name} بمبلغ ${priceText(notice.total ?? '0')} ضمن شرائك المتكرر.`
        : `لم يتم شراء ${name} بمبلغ ${amount} هذه المرة لأن ${why}.`,
      `الشراء التالي في ${next}. لإيقاف الخطة مؤقتاً أو إلغائها: ${link}`,
      signature.ar,
    ]);
  }
  const why = skipReasons.en[notice.reason ?? ''] ?? 'the purchase could not be made';
  return render('en', `Recurring buy: ${name} — Secure Vault`, [
    'Hello,',
    notice.outcome === 'bought'
      ? `Your recurring buy bought ${quantity} of ${name} for ${priceText(notice.total ?? '0')}.`
      : `Your recurring buy of ${amount} of ${name} was skipped this time: ${why}.`,
    `The next buy is on ${next}. To pause or cancel the plan: ${link}`,
    signature.en,
  ]);
}
