// Emails about staff access to a customer's account (DESIGN §4), in the customer's language: a
// staff member signed in as them. Staff are named by their short reference, never by email.
import type { Language } from '@secure-vault/shared';
import { paths } from '@secure-vault/shared/paths';
import type { MailMessage } from './mailer.ts';
import { mailTime } from './security-templates.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

/**
 * How a customer knows a staff member, in these emails and in their staff-access log: the first
 * 8 hex digits of the staff member's account id in capitals ("3F9A12C4"), stable and saying
 * nothing about who they are.
 */
export function staffReference(userId: string): string {
  return userId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

export interface StaffSignInNotice {
  /** When the session began. */
  at: Date;
  /** The staff member's short reference ("3F9A12C4"). */
  staffRef: string;
  appUrl: string;
}

export function staffSignedInAsCustomer(language: Language, notice: StaffSignInNotice): Rendered {
  const settings = `${notice.appUrl}${paths.settingsStaffAccess}`;
  const contact = `${notice.appUrl}${paths.contact}`;
  if (language === 'ar') {
    return render('ar', 'سجّل أحد موظفي Secure Vault الدخول إلى حسابك', [
      'مرحباً،',
      `سجّل موظف من فريق Secure Vault (الموظف رقم ${notice.staffRef}) الدخول إلى حسابك بتاريخ ${mailTime('ar', notice.at)}، عادةً لمساعدتك في طلب دعم.`,
      `تظهر هذه الزيارة وكل ما تغيّر خلالها في الإعدادات ← وصول الموظفين: ${settings}`,
      `إذا لم تكن تتوقع ذلك، فتواصل معنا فوراً: ${contact}`,
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'A Secure Vault staff member signed in to your account', [
    'Hello,',
    `A member of the Secure Vault team (Staff #${notice.staffRef}) signed in to your account on ${mailTime('en', notice.at)}, usually to help with a support request.`,
    `This visit, and anything changed during it, shows in Settings → Staff Access: ${settings}`,
    `If you did not expect this, contact us straight away: ${contact}`,
    'Kind regards,\nThe Secure Vault team',
  ]);
}
