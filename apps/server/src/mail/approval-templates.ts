// What staff are told of their approvals queue (DESIGN §4 "Dual control", issue 28): a change
// another staff member proposed, waiting for a second one, and, to its maker, how their change
// was decided and by whom. Shown in the notification centre only (notify_customer mails no
// approvals notice), whose link opens the queue; worded here like every notice, in both
// languages. The maker is named by their short reference, the checker by the email the queue
// shows, the customer not at all.
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
    price_change: 'a change of price',
  },
  ar: {
    valuable_add: 'إضافة أصل',
    valuable_edit: 'تعديل أصل',
    valuable_delete: 'حذف أصل',
    book_balance: 'رصيد دفتري',
    request_decision: 'قرار بشأن طلب',
    price_change: 'تغيير سعر',
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

/** How a proposal ended for its maker: a checker's decision, or a new book balance in its place. */
export const proposalOutcomes = ['approved', 'rejected', 'replaced'] as const;
export type ProposalOutcome = (typeof proposalOutcomes)[number];

export interface ProposalDecidedNotice {
  proposalId: string;
  proposalKind: ProposalKind;
  amount: string;
  outcome: ProposalOutcome;
  /** Who decided it, as the approvals queue names them: their email. */
  checker: string;
  /** Why it was rejected. */
  reason: string | null;
}

const decidedTitles: Record<Language, Record<ProposalOutcome, string>> = {
  en: {
    approved: 'Your proposed change was approved',
    rejected: 'Your proposed change was rejected',
    replaced: 'Your proposed change was replaced',
  },
  ar: {
    approved: 'تمت الموافقة على اقتراحك',
    rejected: 'رُفض اقتراحك',
    replaced: 'استُبدل اقتراحك',
  },
};

function decidedLine(language: Language, notice: ProposalDecidedNotice): string {
  const change = changeNames[language][notice.proposalKind];
  if (language === 'ar') {
    const who = `\u2066${notice.checker}\u2069`;
    const what = `${change} (\u2066${usd(notice.amount)}\u2069)`;
    if (notice.outcome === 'approved') {
      return `وافق الموظف ${who} على اقتراحك ${what} على حساب أحد العملاء، وقد نُفّذ.`;
    }
    if (notice.outcome === 'rejected') {
      const why = notice.reason === null ? '' : ` السبب: «${notice.reason}».`;
      return `رفض الموظف ${who} اقتراحك ${what} على حساب أحد العملاء، فلم يتغيّر شيء.${why}`;
    }
    return `سجّل الموظف ${who} رصيداً دفترياً جديداً للعميل نفسه، فسُحب اقتراحك ${what} ولم يتغيّر شيء.`;
  }
  const what = `${change} (${usd(notice.amount)})`;
  if (notice.outcome === 'approved') {
    return `${notice.checker} approved ${what} you proposed on a customer's account. It has taken effect.`;
  }
  if (notice.outcome === 'rejected') {
    const why = notice.reason === null ? '' : ` Their reason: "${notice.reason}".`;
    return `${notice.checker} rejected ${what} you proposed on a customer's account, so nothing changed.${why}`;
  }
  return `${notice.checker} recorded a new book balance for the same customer, so ${what} you proposed was withdrawn and nothing changed.`;
}

export function proposalDecided(language: Language, notice: ProposalDecidedNotice): Rendered {
  const title = decidedTitles[language][notice.outcome];
  if (language === 'ar') {
    return render('ar', `${title} — Secure Vault`, [
      'مرحباً،',
      decidedLine('ar', notice),
      'مع أطيب التحيات،\nفريق Secure Vault',
    ]);
  }
  return render('en', `${title} — Secure Vault`, [
    'Hello,',
    decidedLine('en', notice),
    'Kind regards,\nThe Secure Vault team',
  ]);
}
