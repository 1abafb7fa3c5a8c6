// Email texts in both languages. Each template returns subject, plain text and simple HTML.
import type { ContactMessage, Language } from '@secure-vault/shared';
import type { MailMessage } from './mailer.ts';

type Rendered = Omit<MailMessage, 'to'>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(language: Language, paragraphs: string[]): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  return `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
}

export function render(language: Language, subject: string, paragraphs: string[]): Rendered {
  return { subject, text: paragraphs.join('\n\n'), html: layout(language, paragraphs) };
}

/** To the staff inbox: the enquiry itself, in English for the team, with the sender's language noted. */
export function contactNotification(message: ContactMessage, language: Language): Rendered {
  return render('en', `New enquiry from ${message.fullName}`, [
    `Name: ${message.fullName}\nEmail: ${message.email}\nPhone: ${message.phone}\nLanguage: ${language === 'ar' ? 'Arabic' : 'English'}`,
    message.enquiry,
  ]);
}

const acknowledgement: Record<Language, { subject: string; paragraphs: string[] }> = {
  en: {
    subject: 'We received your message',
    paragraphs: [
      'Hello,',
      'Thank you for contacting Secure Vault. Your message has reached us and a member of our team will reply within 24 hours.',
      'If you did not write to us, you can ignore this email.',
      'Kind regards,\nThe Secure Vault team',
    ],
  },
  ar: {
    subject: 'تلقّينا رسالتك',
    paragraphs: [
      'مرحباً،',
      'شكراً لتواصلك مع Secure Vault. وصلتنا رسالتك وسيرد عليك أحد أعضاء فريقنا خلال 24 ساعة.',
      'إذا لم تراسلنا، فتجاهل هذه الرسالة.',
      'مع أطيب التحيات،\nفريق Secure Vault',
    ],
  },
};

/**
 * To the address the form named: a fixed acknowledgement in both languages, the page's first.
 * Anyone can type any address into the form, so this mail quotes nothing the caller wrote (not
 * the name, not the enquiry): it cannot carry someone else's text, or a link, under our name.
 */
export function contactAcknowledgement(language: Language): Rendered {
  const order: Language[] = language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  const parts = order.map((lang) => ({ lang, ...acknowledgement[lang] }));
  const sections = parts.map(
    ({ lang, paragraphs }) =>
      `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${paragraphs
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('')}</div>`,
  );
  const first = order[0] ?? 'en';
  return {
    subject: `${parts.map((part) => part.subject).join(' · ')} — Secure Vault`,
    text: parts.map((part) => part.paragraphs.join('\n\n')).join('\n\n—\n\n'),
    html: `<!doctype html><html lang="${first}" dir="${first === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:sans-serif;line-height:1.5">${sections.join('<hr>')}</body></html>`,
  };
}

// ── Accounts and security ───────────────────────────────────────────────────────────────────

/** The sign-up code (SPEC §4): 6 digits, 10 minutes. */
export function signUpCode(language: Language, code: string): Rendered {
  if (language === 'ar') {
    return render('ar', 'رمز التحقق — Secure Vault', [
      'مرحباً،',
      `رمز التحقق الخاص بك هو: ${code}`,
      'أدخل هذا الرمز لإكمال إنشاء حسابك. صلاحية الرمز 10 دقائق ويمكن استخدامه مرة واحدة فقط.',
      'إذا لم تطلب إنشاء حساب، فتجاهل هذه الرسالة.',
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  // The subject never carries the code: subjects are logged (mailer.ts).
  return render('en', 'Your verification code — Secure Vault', [
    'Hello,',
    `Your verification code is: ${code}`,
    'Enter this code to finish creating your account. It is valid for 10 minutes and works once.',
    'If you did not ask to create an account, you can ignore this email.',
    'Kind regards,\nThe Secure Vault team',
  ]);
}

/** Sent instead of a code when someone signs up with an address that already has an account. */
export function accountAlreadyExists(language: Language, appUrl: string): Rendered {
  const signIn = `${appUrl}/auth`;
  const reset = `${appUrl}/reset-password`;
  if (language === 'ar') {
    return render('ar', 'لديك حساب بالفعل — Secure Vault', [
      'مرحباً،',
      'طلب أحدهم إنشاء حساب في Secure Vault بعنوان البريد هذا، لكن لديك حساب بالفعل.',
      `لتسجيل الدخول: ${signIn}`,
      `إذا نسيت كلمة المرور، يمكنك إعادة تعيينها: ${reset}`,
      'إذا لم تكن أنت، فتجاهل هذه الرسالة؛ لم يتغير شيء في حسابك.',
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'You already have an account — Secure Vault', [
    'Hello,',
    'Someone asked to create a Secure Vault account with this email address, but you already have one.',
    `Sign in: ${signIn}`,
    `Forgot your password? Reset it: ${reset}`,
    'If this was not you, ignore this email; nothing has changed in your account.',
    'Kind regards,\nThe Secure Vault team',
  ]);
}

/** The password reset link (30 minutes, single use). */
export function passwordResetLink(language: Language, link: string): Rendered {
  if (language === 'ar') {
    return render('ar', 'إعادة تعيين كلمة المرور — Secure Vault', [
      'مرحباً،',
      `لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال 30 دقيقة:\n${link}`,
      'يعمل الرابط مرة واحدة فقط. بعد تغيير كلمة المرور، يتم تسجيل الخروج من جميع الأجهزة الأخرى.',
      'إذا لم تطلب ذلك، فتجاهل هذه الرسالة؛ تبقى كلمة مرورك كما هي.',
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'Reset your password — Secure Vault', [
    'Hello,',
    `To choose a new password, open this link within 30 minutes:\n${link}`,
    'The link works once. After the change, every other device is signed out.',
    'If you did not ask for this, ignore this email; your password stays as it is.',
    'Kind regards,\nThe Secure Vault team',
  ]);
}

/** Staff set a new password for the customer (DESIGN: unlike SPEC, the customer is told). */
export function passwordResetByStaff(language: Language, appUrl: string): Rendered {
  const contact = `${appUrl}/contact`;
  if (language === 'ar') {
    return render('ar', 'تمت إعادة تعيين كلمة المرور — Secure Vault', [
      'مرحباً،',
      'قام فريق Secure Vault بإعادة تعيين كلمة المرور الخاصة بحسابك، وتم تسجيل خروجك من جميع الأجهزة.',
      'سجّل الدخول بكلمة المرور الجديدة التي زوّدك بها فريقنا، ثم غيّرها من الإعدادات.',
      `إذا لم تطلب ذلك، فتواصل معنا فوراً: ${contact}`,
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  // Never the password itself: it reaches the customer from staff, not through the mailbox.
  return render('en', 'Your password was reset — Secure Vault', [
    'Hello,',
    'The Secure Vault team has reset the password of your account, and every device has been signed out.',
    'Sign in with the new password our team gave you, then change it in Settings.',
    `If you did not ask for this, contact us straight away: ${contact}`,
    'Kind regards,\nThe Secure Vault team',
  ]);
}

// ── Identity verification (KYC) ─────────────────────────────────────────────────────────────

/** The code that confirms the phone number of the KYC wizard; there is no SMS (DESIGN §5). */
export function kycPhoneCode(language: Language, code: string, phone: string): Rendered {
  if (language === 'ar') {
    return render('ar', 'رمز تأكيد رقم الهاتف — Secure Vault', [
      'مرحباً،',
      `رمز التحقق الخاص بك هو: ${code}`,
      `أدخل هذا الرمز في خطوة التحقق من الهوية لتأكيد رقم الهاتف \u2066${phone}\u2069. صلاحية الرمز 10 دقائق ويمكن استخدامه مرة واحدة فقط.`,
      'إذا لم تطلب ذلك، فتجاهل هذه الرسالة.',
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'Confirm your phone number — Secure Vault', [
    'Hello,',
    `Your verification code is: ${code}`,
    `Enter it in the identity verification step to confirm the phone number ${phone}. It is valid for 10 minutes and works once.`,
    'If you did not ask for this, you can ignore this email.',
    'Kind regards,\nThe Secure Vault team',
  ]);
}

/** Staff approved the customer's identity verification. */
export function kycApproved(language: Language, appUrl: string): Rendered {
  const dashboard = `${appUrl}/dashboard`;
  if (language === 'ar') {
    return render('ar', 'تم التحقق من هويتك — Secure Vault', [
      'مرحباً،',
      'يسعدنا إبلاغك بأنه تمت الموافقة على التحقق من هويتك. أصبح حسابك موثّقاً بالكامل.',
      `لوحة التحكم: ${dashboard}`,
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'Your identity is verified — Secure Vault', [
    'Hello,',
    'Good news: your identity verification has been approved. Your account is now fully verified.',
    `Your dashboard: ${dashboard}`,
    'Kind regards,\nThe Secure Vault team',
  ]);
}

/** Staff rejected the customer's identity verification, with their reason. */
export function kycRejected(language: Language, reason: string, appUrl: string): Rendered {
  const wizard = `${appUrl}/kyc`;
  if (language === 'ar') {
    return render('ar', 'التحقق من هويتك يحتاج إلى تصحيح — Secure Vault', [
      'مرحباً،',
      'راجعنا طلب التحقق من هويتك ولم نتمكن من الموافقة عليه بعد.',
      `السبب: ${reason}`,
      `يمكنك تصحيح بياناتك أو مستنداتك وإعادة الإرسال: ${wizard}`,
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'Your identity verification needs a correction — Secure Vault', [
    'Hello,',
    'We reviewed your identity verification and could not approve it yet.',
    `Reason: ${reason}`,
    `You can correct your answers or documents and submit again: ${wizard}`,
    'Kind regards,\nThe Secure Vault team',
  ]);
}

// ── Bank accounts ───────────────────────────────────────────────────────────────────────────

/** The code that confirms registering a bank account for withdrawals (DESIGN §4, §5). */
export function bankAccountCode(language: Language, code: string): Rendered {
  if (language === 'ar') {
    return render('ar', 'رمز تأكيد الحساب المصرفي — Secure Vault', [
      'مرحباً،',
      `رمز التحقق الخاص بك هو: ${code}`,
      'أدخل هذا الرمز لتأكيد تسجيل حسابك المصرفي لعمليات السحب. صلاحية الرمز 10 دقائق ويمكن استخدامه مرة واحدة فقط.',
      'إذا لم تطلب ذلك، فلا تشارك هذا الرمز مع أحد وغيّر كلمة المرور الخاصة بك.',
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'Confirm your bank account — Secure Vault', [
    'Hello,',
    `Your verification code is: ${code}`,
    'Enter it to confirm registering a bank account for withdrawals. It is valid for 10 minutes and works once.',
    'If you did not ask for this, do not share the code with anyone and change your password.',
    'Kind regards,\nThe Secure Vault team',
  ]);
}
