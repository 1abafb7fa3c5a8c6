// What staff are told of their approvals queue (DESIGN §4 "Dual control", issue 28): a change
// another staff member proposed, waiting for a second one. Shown in the notification centre
// only (notify_customer mails no approvals notice), whose link opens the queue; worded here like
// every notice, in both languages. Staff are named by their short reference, the customer not at all.
import type { Language } from '@secure-vault/shared';
import type { ProposalKind } from '@secure-vault/shared/approvals';
import { usd } from '../ledger/refusals.ts';
import type { MailMessage } from './mailer.ts';
import { render } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

const changeNames: Record<Language, Record<ProposalKind, string>> = {
  en: {
    valuable_add: 'adding a valuable',
    valuable_edit: 'changing a valuable',
    valuable_delete: 'removing a valuable',
    book_balance: 'a book balance',
    request_decision: 'a decision on a request',
  },
  ar: {
    valuable_add: 'إضافة أصل',
    valuable_edit: 'تعديل أصل',
    valuable_delete: 'حذف أصل',
    book_balance: 'رصيد دفتري',
    request_decision: 'قرار بشأن طلب',
  },
};

export interface ProposalWaitingNotice {
  proposalKind: ProposalKind;
  /** The change to the customer's value in dollars, signed. */
  amount: string;
  /** The maker's short reference ("3F9A12C4"). */
  makerRef: string;
}

export function proposalWaiting(language: Language, notice: ProposalWaitingNotice): Rendered {
  const change = changeNames[language][notice.proposalKind];
  if (language === 'ar') {
    return render('ar', 'تغيير بانتظار موافقتك — Secure Vault', [
      'مرحباً،',
      `اقترح الموظف رقم ${notice.makerRef} ${change} (\u2066${usd(notice.amount)}\u2069) على حساب أحد العملاء. لا يتغيّر شيء حتى يوافق عليه موظف آخر.`,
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', 'A change is waiting for your approval — Secure Vault', [
    'Hello,',
    `Staff #${notice.makerRef} proposed ${change} (${usd(notice.amount)}) on a customer's account. Nothing changes until a second staff member approves it.`,
    'Kind regards,\nThe Secure Vault team',
  ]);
}
