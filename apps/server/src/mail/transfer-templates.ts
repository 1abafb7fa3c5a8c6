// Emails about money in, out and across (DESIGN §5), in the language the customer asked in:
// a transfer sent or received, a request received, and a request made final. Amounts are
// dollars; the web app shows the same figures.
import type { Language } from '@secure-vault/shared';
import type { TransferStatus, TransferType } from '@secure-vault/shared/transfers';
import { platformBankDetails } from '@secure-vault/shared/transfers';
import { usd } from '../ledger/refusals.ts';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

const requestNames: Record<Language, Record<TransferType, string>> = {
  en: {
    asset_transfer: 'transfer',
    card_deposit: 'card deposit',
    bank_deposit: 'bank transfer deposit',
    withdrawal: 'withdrawal',
    asset_to_cash: 'asset to cash conversion',
  },
  ar: {
    asset_transfer: 'التحويل',
    card_deposit: 'الإيداع بالبطاقة',
    bank_deposit: 'الإيداع بالتحويل المصرفي',
    withdrawal: 'السحب',
    asset_to_cash: 'تحويل الأصول إلى نقد',
  },
};

const statusNames: Record<Language, Record<TransferStatus, string>> = {
  en: { pending: 'pending', completed: 'completed', failed: 'failed', cancelled: 'cancelled' },
  ar: { pending: 'قيد الانتظار', completed: 'مكتمل', failed: 'فشل', cancelled: 'ملغى' },
};

const signature: Record<Language, string> = {
  en: 'Kind regards,\nThe Secure Vault team',
  ar: 'مع أطيب التحيات،\nفريق Secure Vault',
};

export interface TransferMovedNotice {
  /** What moved: "$250.00", "1,000 mg of Gold (worth $57.00)", "Diamond ring". */
  what: string;
  /** The other side, masked, with their account number. */
  counterparty: string;
  reference: string;
}

export function transferSent(language: Language, notice: TransferMovedNotice): Rendered {
  if (language === 'ar') {
    return render('ar', 'تم إرسال التحويل — Secure Vault', [
      'مرحباً،',
      `أرسلت ${notice.what} إلى ${notice.counterparty}.`,
      `المرجع: ${notice.reference}`,
      'إذا لم تقم بهذا التحويل، فغيّر كلمة المرور فوراً وتواصل معنا.',
      signature.ar,
    ]);
  }
  return render('en', 'Transfer sent — Secure Vault', [
    'Hello,',
    `You sent ${notice.what} to ${notice.counterparty}.`,
    `Reference: ${notice.reference}`,
    'If you did not make this transfer, change your password at once and contact us.',
    signature.en,
  ]);
}

export function transferReceived(language: Language, notice: TransferMovedNotice): Rendered {
  if (language === 'ar') {
    return render('ar', 'استلمت تحويلاً — Secure Vault', [
      'مرحباً،',
      `استلمت ${notice.what} من ${notice.counterparty}. أصبح الآن في خزنتك.`,
      `المرجع: ${notice.reference}`,
      signature.ar,
    ]);
  }
  return render('en', 'You received a transfer — Secure Vault', [
    'Hello,',
    `You received ${notice.what} from ${notice.counterparty}. It is in your vault now.`,
    `Reference: ${notice.reference}`,
    signature.en,
  ]);
}

export interface RequestNotice {
  type: Exclude<TransferType, 'asset_transfer'>;
  amount: string;
  reference: string;
}

export function requestReceived(language: Language, notice: RequestNotice): Rendered {
  const name = requestNames[language][notice.type];
  const amount = usd(notice.amount);
  const bank = platformBankDetails;
  if (language === 'ar') {
    const next: Record<RequestNotice['type'], string> = {
      card_deposit: 'سيُضاف المبلغ إلى حسابك خلال 24 ساعة بعد تأكيد وصوله.',
      bank_deposit: `حوّل المبلغ إلى ${bank.accountName}، ${bank.bankName}، IBAN ${bank.iban}، SWIFT ${bank.swiftCode}، واكتب المرجع ${notice.reference} في وصف التحويل. يُضاف إلى رصيدك النقدي عند وصوله.`,
      withdrawal:
        'خُصم المبلغ من رصيدك النقدي وسيُرسل إلى حسابك المصرفي. إذا فشل السحب أو أُلغي، يعود المبلغ إلى رصيدك.',
      asset_to_cash:
        'عند إكمال الطلب تتحول هذه القيمة من أصولك غير المقفلة إلى نقد، بدءاً بالأعلى قيمة.',
    };
    return render('ar', `استلمنا طلب ${name} — Secure Vault`, [
      'مرحباً،',
      `استلمنا طلب ${name} بمبلغ ${amount}. حالته: قيد الانتظار.`,
      next[notice.type],
      `المرجع: ${notice.reference}`,
      signature.ar,
    ]);
  }
  const next: Record<RequestNotice['type'], string> = {
    card_deposit: 'Your account will be credited within 24 hours, once the payment is confirmed.',
    bank_deposit: `Send it to ${bank.accountName}, ${bank.bankName}, IBAN ${bank.iban}, SWIFT ${bank.swiftCode}, with ${notice.reference} in the transfer's description. Your cash is credited when it arrives.`,
    withdrawal:
      'The amount has left your cash balance and will be sent to your bank account. If the withdrawal fails or is cancelled, it comes back.',
    asset_to_cash:
      'When it is completed, this value of your unlocked holdings becomes cash, largest holding first.',
  };
  return render('en', `We received your ${name} request — Secure Vault`, [
    'Hello,',
    `We received your ${name} request for ${amount}. It is pending.`,
    next[notice.type],
    `Reference: ${notice.reference}`,
    signature.en,
  ]);
}

export interface StatusNotice extends RequestNotice {
  status: Exclude<TransferStatus, 'pending'>;
  /** Staff's reason, or a locale key of ours (`transfers:reasons.*`). */
  reason: string | null;
}

const reasonTexts: Record<Language, Record<string, string>> = {
  en: { 'transfers:reasons.notCovered': 'Your unlocked holdings no longer cover this amount.' },
  ar: { 'transfers:reasons.notCovered': 'لم تعد أصولك غير المقفلة تغطي هذا المبلغ.' },
};

const outcomes: Record<StatusNotice['status'], string> = {
  completed: 'has been completed',
  failed: 'has failed',
  cancelled: 'has been cancelled',
};

export function requestDecided(language: Language, notice: StatusNotice): Rendered {
  const name = requestNames[language][notice.type];
  const status = statusNames[language][notice.status];
  const amount = usd(notice.amount);
  const reason = notice.reason ? (reasonTexts[language][notice.reason] ?? notice.reason) : null;
  const refunded = notice.type === 'withdrawal' && notice.status !== 'completed';
  const credited = notice.status === 'completed' && notice.type !== 'withdrawal' ? amount : null;
  if (language === 'ar') {
    return render('ar', `طلب ${name}: ${status} — Secure Vault`, [
      'مرحباً،',
      `طلب ${name} بمبلغ ${amount} (المرجع ${notice.reference}) أصبح: ${status}.`,
      ...(reason ? [`السبب: ${reason}`] : []),
      ...(refunded ? [`أُعيد ${amount} إلى رصيدك النقدي.`] : []),
      ...(credited ? [`أُضيف ${credited} إلى رصيدك النقدي.`] : []),
      signature.ar,
    ]);
  }
  // "has failed", not "is failed": English words each final state its own way.
  const outcome = outcomes[notice.status];
  return render('en', `Your ${name} ${outcome} — Secure Vault`, [
    'Hello,',
    `Your ${name} request for ${amount} (reference ${notice.reference}) ${outcome}.`,
    ...(reason ? [`Reason: ${reason}`] : []),
    ...(refunded ? [`${amount} is back in your cash balance.`] : []),
    ...(credited ? [`${credited} has been added to your cash balance.`] : []),
    signature.en,
  ]);
}
