// Emails about fixed terms and deliveries (DESIGN §5), in the customer's language: a term that
// matured, a delivery asked for, each step a delivery takes, and each tracking record staff add.
import type { Language } from '@secure-vault/shared';
import type { DeliveryStatus, FixedTerm, TrackingStatus } from '@secure-vault/shared/custody';
import { usd } from '../ledger/refusals.ts';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

const signature: Record<Language, string> = {
  en: 'Kind regards,\nThe Secure Vault team',
  ar: 'مع أطيب التحيات،\nفريق Secure Vault',
};

export function fixedTermMatured(language: Language, term: FixedTerm): Rendered {
  const profit = usd(term.profit);
  if (language === 'ar') {
    return render('ar', 'انتهت مدة التثبيت — Secure Vault', [
      'مرحباً،',
      `انتهت مدة تثبيت ${term.itemName} (${String(term.months)} شهر). أُضيف ربح قدره ${profit} إلى رصيدك النقدي، وأصبح الأصل متاحاً من جديد.`,
      signature.ar,
    ]);
  }
  return render('en', 'Your fixed term has matured — Secure Vault', [
    'Hello,',
    `Your ${String(term.months)}-month term on ${term.itemName} has matured. ${profit} profit has been added to your cash balance, and the holding is available again.`,
    signature.en,
  ]);
}

const statusNames: Record<Language, Record<DeliveryStatus, string>> = {
  en: {
    pending: 'received',
    processing: 'being prepared',
    shipped: 'shipped',
    delivered: 'delivered',
    cancelled: 'cancelled',
  },
  ar: {
    pending: 'مستلم',
    processing: 'قيد التجهيز',
    shipped: 'تم الشحن',
    delivered: 'تم التسليم',
    cancelled: 'ملغى',
  },
};

export interface DeliveryNotice {
  itemName: string;
  recipientName: string;
  status: DeliveryStatus;
  reference: string;
}

export function deliveryUpdate(language: Language, notice: DeliveryNotice): Rendered {
  const status = statusNames[language][notice.status];
  if (language === 'ar') {
    const next: Record<DeliveryStatus, string> = {
      pending: 'يبدأ التوصيل خلال 24 ساعة.',
      processing: 'نجهّز شحنتك الآن.',
      shipped: 'شحنتك في الطريق. تابعها من الإعدادات.',
      delivered: 'سُلّمت الشحنة وخرج الأصل من خزنتك.',
      cancelled: 'أُلغي التوصيل وعاد الأصل إلى خزنتك.',
    };
    return render('ar', `طلب التوصيل: ${status} — Secure Vault`, [
      'مرحباً،',
      `طلب توصيل ${notice.itemName} إلى ${notice.recipientName}: ${status}.`,
      next[notice.status],
      `المرجع: ${notice.reference}`,
      signature.ar,
    ]);
  }
  const next: Record<DeliveryStatus, string> = {
    pending: 'Delivery begins within 24 hours.',
    processing: 'We are preparing your shipment.',
    shipped: 'It is on its way. Follow it in Settings.',
    delivered: 'It has been delivered and has left your vault.',
    cancelled: 'The delivery was cancelled and the item is back in your vault.',
  };
  return render('en', `Your delivery is ${status} — Secure Vault`, [
    'Hello,',
    `Your delivery of ${notice.itemName} to ${notice.recipientName} is ${status}.`,
    next[notice.status],
    `Reference: ${notice.reference}`,
    signature.en,
  ]);
}

const trackingNames: Record<Language, Record<TrackingStatus, string>> = {
  en: {
    pending: 'received',
    processing: 'being prepared',
    shipped: 'shipped',
    in_transit: 'in transit',
    out_for_delivery: 'out for delivery',
    delivered: 'delivered',
    cancelled: 'cancelled',
  },
  ar: {
    pending: 'مستلم',
    processing: 'قيد التجهيز',
    shipped: 'تم الشحن',
    in_transit: 'في الطريق',
    out_for_delivery: 'خرج للتسليم',
    delivered: 'تم التسليم',
    cancelled: 'ملغى',
  },
};

export interface TrackingNotice {
  itemName: string;
  recipientName: string;
  status: TrackingStatus;
  location: string | null;
  message: string | null;
  reference: string;
}

/** A tracking record staff added: where the shipment is, in the customer's language. */
export function trackingUpdate(language: Language, notice: TrackingNotice): Rendered {
  const status = trackingNames[language][notice.status];
  const where = notice.location ? ` (${notice.location})` : '';
  const note = notice.message ? [notice.message] : [];
  if (language === 'ar') {
    return render('ar', `تحديث التوصيل: ${status} — Secure Vault`, [
      'مرحباً،',
      `طلب توصيل ${notice.itemName} إلى ${notice.recipientName}: ${status}${where}.`,
      ...note,
      `المرجع: ${notice.reference}`,
      signature.ar,
    ]);
  }
  return render('en', `Delivery update: ${status} — Secure Vault`, [
    'Hello,',
    `Your delivery of ${notice.itemName} to ${notice.recipientName}: ${status}${where}.`,
    ...note,
    `Reference: ${notice.reference}`,
    signature.en,
  ]);
}
