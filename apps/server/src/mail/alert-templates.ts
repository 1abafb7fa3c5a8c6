// The email of a price alert that fired (prices/alerts.ts), in the customer's language: which
// asset, the level they set and the sell price that reached it, per mg or per unit as the book
// prices it, with a link to the asset's page.
import { findAsset } from '@secure-vault/shared/catalogue';
import type { AlertDirection } from '@secure-vault/shared/alerts';
import type { Language } from '@secure-vault/shared/i18n';
import { paths } from '@secure-vault/shared/paths';
import { holdingName } from '../i18n/ledger-names.ts';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

const signature: Record<Language, string> = {
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
function priceText(value: string): string {
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
