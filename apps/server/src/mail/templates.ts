// Email texts in both languages. Each template returns subject, plain text and simple HTML.
import type { ContactMessage, Language } from '@secure-vault/shared';
import type { MailMessage } from './mailer.ts';

type Rendered = Omit<MailMessage, 'to'>;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(language: Language, paragraphs: string[]): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  return `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
}

function render(language: Language, subject: string, paragraphs: string[]): Rendered {
  return { subject, text: paragraphs.join('\n\n'), html: layout(language, paragraphs) };
}

/** To the staff inbox: the enquiry itself, in English for the team, with the sender's language noted. */
export function contactNotification(message: ContactMessage, language: Language): Rendered {
  return render('en', `New enquiry from ${message.fullName}`, [
    `Name: ${message.fullName}\nEmail: ${message.email}\nPhone: ${message.phone}\nLanguage: ${language === 'ar' ? 'Arabic' : 'English'}`,
    message.enquiry,
  ]);
}

/** To the sender: confirmation in the language they wrote in. */
export function contactConfirmation(message: ContactMessage, language: Language): Rendered {
  if (language === 'ar') {
    return render('ar', 'تلقّينا رسالتك — Secure Vault', [
      `مرحباً ${message.fullName}،`,
      'شكراً لتواصلك مع Secure Vault. وصلتنا رسالتك وسيرد عليك أحد أعضاء فريقنا خلال 24 ساعة.',
      `رسالتك:\n${message.enquiry}`,
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'We received your message — Secure Vault', [
    `Hello ${message.fullName},`,
    'Thank you for contacting Secure Vault. Your message has reached us and a member of our team will reply within 24 hours.',
    `Your message:\n${message.enquiry}`,
    'Kind regards,\nThe Secure Vault team',
  ]);
}
