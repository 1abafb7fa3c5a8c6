// Security alerts (DESIGN §5, issue 28): a sign-in from a new device or browser, the password or
// two-factor changed, a passkey added or removed, a bank account added, what is mailed changed. Each says what happened and
// when, and what to do if it was not the customer. Always mailed: no preference turns them off.
import type { Language } from '@secure-vault/shared';
import { paths } from '@secure-vault/shared/paths';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

const signature: Record<Language, string> = {
  en: 'Kind regards,\nThe Secure Vault team',
  ar: 'مع أطيب التحيات،\nفريق Secure Vault',
};

/** "25 November 2026, 18:02 UTC": the time in words everyone reads the same, with its zone. */
export function mailTime(language: Language, at: Date): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : 'en-GB';
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
    hourCycle: 'h23',
  }).format(at);
  return `${text} UTC`;
}

/** What to do when it was not them: end every session, then choose a new password. */
function notYou(language: Language, appUrl: string): string {
  const sessions = `${appUrl}${paths.settingsSessions}`;
  const reset = `${appUrl}${paths.resetPassword}`;
  return language === 'ar'
    ? `لست أنت؟ أنهِ جميع الجلسات من ${sessions} ثم أعد تعيين كلمة المرور من ${reset}`
    : `Not you? End all sessions at ${sessions}, then reset your password at ${reset}`;
}

export interface NewSignInNotice {
  /** The browser and system in coarse terms ("Chrome", "Windows"), where the browser said. */
  browser: string | null;
  system: string | null;
  /** The network in coarse terms ("203.0.113.x"), or null when the address was not known. */
  network: string | null;
  at: Date;
  appUrl: string;
}

/** "Chrome on Windows", "متصفح Chrome على Windows": product names stay as they are written. */
function deviceWords(language: Language, { browser, system }: NewSignInNotice): string {
  if (language === 'ar') {
    const named = browser ? `متصفح \u2066${browser}\u2069` : 'متصفح';
    return system ? `${named} على \u2066${system}\u2069` : named;
  }
  const named = browser ?? 'A browser';
  return system ? `${named} on ${system}` : named;
}

export function newSignIn(language: Language, notice: NewSignInNotice): Rendered {
  const when = mailTime(language, notice.at);
  const device = deviceWords(language, notice);
  if (language === 'ar') {
    const from = notice.network ? ` من الشبكة \u2066${notice.network}\u2069` : '';
    return render('ar', 'تسجيل دخول من جهاز جديد — Secure Vault', [
      'مرحباً،',
      `تم تسجيل الدخول إلى حسابك من جهاز أو متصفح جديد: ${device}${from}، بتاريخ ${when}.`,
      'إذا كنت أنت، فلا داعي لفعل أي شيء.',
      notYou('ar', notice.appUrl),
      signature.ar,
    ]);
  }
  const from = notice.network ? ` from the network ${notice.network}` : '';
  return render('en', 'New sign-in to your account — Secure Vault', [
    'Hello,',
    `Your account was signed in to from a new device or browser: ${device}${from}, on ${when}.`,
    'If this was you, there is nothing to do.',
    notYou('en', notice.appUrl),
    signature.en,
  ]);
}

export interface ChangeNotice {
  at: Date;
  appUrl: string;
}

export function passwordChanged(language: Language, notice: ChangeNotice): Rendered {
  const when = mailTime(language, notice.at);
  if (language === 'ar') {
    return render('ar', 'تم تغيير كلمة المرور — Secure Vault', [
      'مرحباً،',
      `تم تغيير كلمة المرور الخاصة بحسابك بتاريخ ${when}، وتم تسجيل الخروج من الأجهزة الأخرى.`,
      notYou('ar', notice.appUrl),
      signature.ar,
    ]);
  }
  return render('en', 'Your password was changed — Secure Vault', [
    'Hello,',
    `The password of your account was changed on ${when}, and your other devices were signed out.`,
    notYou('en', notice.appUrl),
    signature.en,
  ]);
}

export function twoFactorChanged(
  language: Language,
  notice: ChangeNotice & { enabled: boolean },
): Rendered {
  const when = mailTime(language, notice.at);
  if (language === 'ar') {
    return render(
      'ar',
      notice.enabled
        ? 'تم تفعيل التحقق بخطوتين — Secure Vault'
        : 'تم إيقاف التحقق بخطوتين — Secure Vault',
      [
        'مرحباً،',
        notice.enabled
          ? `تم تفعيل التحقق بخطوتين على حسابك بتاريخ ${when}. سيُطلب رمز من تطبيق المصادقة عند كل تسجيل دخول.`
          : `تم إيقاف التحقق بخطوتين على حسابك بتاريخ ${when}. أصبحت كلمة المرور وحدها تكفي لتسجيل الدخول.`,
        notYou('ar', notice.appUrl),
        signature.ar,
      ],
    );
  }
  return render(
    'en',
    notice.enabled
      ? 'Two-factor authentication turned on — Secure Vault'
      : 'Two-factor authentication turned off — Secure Vault',
    [
      'Hello,',
      notice.enabled
        ? `Two-factor authentication was turned on for your account on ${when}. Each sign-in now asks for a code from your authenticator app.`
        : `Two-factor authentication was turned off for your account on ${when}. Your password alone now signs you in.`,
      notYou('en', notice.appUrl),
      signature.en,
    ],
  );
}

export interface PasskeyNotice extends ChangeNotice {
  /** The name the customer gave it. */
  name: string;
  added: boolean;
}

export function passkeyChanged(language: Language, notice: PasskeyNotice): Rendered {
  const when = mailTime(language, notice.at);
  if (language === 'ar') {
    const name = `\u2068${notice.name}\u2069`;
    return render(
      'ar',
      notice.added ? 'تمت إضافة مفتاح مرور — Secure Vault' : 'تمت إزالة مفتاح مرور — Secure Vault',
      [
        'مرحباً،',
        notice.added
          ? `تمت إضافة مفتاح المرور «${name}» إلى حسابك بتاريخ ${when}. يمكن استخدامه الآن لتسجيل الدخول دون كلمة المرور.`
          : `تمت إزالة مفتاح المرور «${name}» من حسابك بتاريخ ${when}. لم يعد يصلح لتسجيل الدخول.`,
        notYou('ar', notice.appUrl),
        signature.ar,
      ],
    );
  }
  return render(
    'en',
    notice.added ? 'Passkey added — Secure Vault' : 'Passkey removed — Secure Vault',
    [
      'Hello,',
      notice.added
        ? `The passkey “${notice.name}” was added to your account on ${when}. It can now sign you in without your password.`
        : `The passkey “${notice.name}” was removed from your account on ${when}. It can no longer sign you in.`,
      notYou('en', notice.appUrl),
      signature.en,
    ],
  );
}

export interface BankAccountNotice extends ChangeNotice {
  bankName: string;
  /** The IBAN's last four characters. */
  ending: string;
}

export function bankAccountAdded(language: Language, notice: BankAccountNotice): Rendered {
  const when = mailTime(language, notice.at);
  if (language === 'ar') {
    return render('ar', 'تمت إضافة حساب مصرفي — Secure Vault', [
      'مرحباً،',
      `تمت إضافة الحساب المصرفي ${notice.bankName} المنتهي بـ \u2066${notice.ending}\u2069 إلى حسابك بتاريخ ${when}. يمكن سحب النقد إليه من الآن.`,
      notYou('ar', notice.appUrl),
      signature.ar,
    ]);
  }
  return render('en', 'A bank account was added — Secure Vault', [
    'Hello,',
    `The bank account at ${notice.bankName} ending ${notice.ending} was added to your account on ${when}. Cash can be withdrawn to it from now on.`,
    notYou('en', notice.appUrl),
    signature.en,
  ]);
}

export function notificationSettingsChanged(language: Language, notice: ChangeNotice): Rendered {
  const when = mailTime(language, notice.at);
  const settings = `${notice.appUrl}${paths.settingsNotifications}`;
  if (language === 'ar') {
    return render('ar', 'تم تغيير إعدادات الإشعارات — Secure Vault', [
      'مرحباً،',
      `تم تغيير الرسائل التي نرسلها إليك بالبريد الإلكتروني بتاريخ ${when}: ${settings}`,
      'تصلك تنبيهات الأمان دائماً، مهما كانت هذه الإعدادات.',
      notYou('ar', notice.appUrl),
      signature.ar,
    ]);
  }
  return render('en', 'Your notification settings changed — Secure Vault', [
    'Hello,',
    `Which notices we email you was changed on ${when}: ${settings}`,
    'Security alerts like this one always reach you, whatever those settings say.',
    notYou('en', notice.appUrl),
    signature.en,
  ]);
}
