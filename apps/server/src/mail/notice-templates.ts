// The templates of the notices TypeScript changes queue with notify_customer (mail/notify.ts): a
// KYC decision, a tracking record, a staff sign-in as the customer, a reset by staff, the
// security alerts, staff's approvals queue and its decisions, a price alert that fired and a
// recurring buy's period. Each names its data's shape once, here: `noticeData` checks a notice's
// data before it is kept, and the renderer checks it again when the mail is sent or the notice
// shown.
import { z } from 'zod';
import { alertDirections } from '@secure-vault/shared/alerts';
import { proposalKinds } from '@secure-vault/shared/approvals';
import { recurringOutcomes } from '@secure-vault/shared/recurring';
import { orderSides } from '@secure-vault/shared/orders';
import { trackingStatuses } from '@secure-vault/shared/custody';
import { isLanguage, type Language } from '@secure-vault/shared/i18n';
import { priceAlertFired, recurringBuyRan } from './alert-templates.ts';
import { orderClosed } from './order-templates.ts';
import { proposalDecided, proposalOutcomes, proposalWaiting } from './approval-templates.ts';
import { trackingUpdate } from './custody-templates.ts';
import type { MailMessage } from './mailer.ts';
import {
  bankAccountAdded,
  newSignIn,
  notificationSettingsChanged,
  passwordChanged,
  passkeyChanged,
  twoFactorChanged,
} from './security-templates.ts';
import { staffSignedInAsCustomer } from './staff-access-templates.ts';
import { kycApproved, kycRejected, passwordResetByStaff } from './templates.ts';

type Rendered = Omit<MailMessage, 'to'>;

const language = z.string().transform((value): Language => (isLanguage(value) ? value : 'en'));
const at = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const base = { language, appUrl: z.string() };
const change = z.object({ ...base, at });

/** Each notice kind's data, as the change that queues it writes it. */
export const noticeSchemas = {
  kyc_decided: z.object({
    ...base,
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().nullable(),
  }),
  delivery_tracking: z.object({
    language,
    itemName: z.string(),
    recipientName: z.string(),
    status: z.enum(trackingStatuses),
    location: z.string().nullable(),
    message: z.string().nullable(),
    reference: z.string(),
  }),
  staff_signed_in: z.object({ ...base, at, staffRef: z.string() }),
  password_reset_by_staff: z.object(base),
  new_sign_in: z.object({
    ...base,
    at,
    browser: z.string().nullable(),
    system: z.string().nullable(),
    network: z.string().nullable(),
  }),
  password_changed: change,
  two_factor_changed: z.object({ ...base, at, enabled: z.boolean() }),
  passkey_changed: z.object({ ...base, at, name: z.string(), added: z.boolean() }),
  bank_account_added: z.object({ ...base, at, bankName: z.string(), ending: z.string() }),
  notification_settings_changed: change,
  proposal_waiting: z.object({
    language,
    // Which proposal it is, so its decision marks the notice read (the first notices had none).
    proposalId: z.uuid().optional(),
    proposalKind: z.enum(proposalKinds),
    amount: z.string(),
    makerRef: z.string(),
  }),
  proposal_decided: z.object({
    language,
    proposalId: z.uuid(),
    proposalKind: z.enum(proposalKinds),
    amount: z.string(),
    outcome: z.enum(proposalOutcomes),
    checker: z.string(),
    reason: z.string().nullable(),
  }),
  price_alert: z.object({
    ...base,
    symbol: z.string(),
    direction: z.enum(alertDirections),
    price: z.string(),
    firedPrice: z.string(),
  }),
  recurring_buy: z.object({
    ...base,
    symbol: z.string(),
    amount: z.string(),
    outcome: z.enum(recurringOutcomes),
    quantity: z.string().nullable(),
    total: z.string().nullable(),
    reason: z.string().nullable(),
    nextRunAt: z.string(),
  }),
  order_closed: z.object({
    ...base,
    symbol: z.string(),
    side: z.enum(orderSides),
    quantity: z.string(),
    limitPrice: z.string(),
    outcome: z.enum(['filled', 'expired']),
    price: z.string().nullable(),
    total: z.string().nullable(),
  }),
} as const;
export type NoticeKind = keyof typeof noticeSchemas;
export type NoticeData<K extends NoticeKind> = z.input<(typeof noticeSchemas)[K]>;

export const noticeTemplates: { [K in NoticeKind]: (data: unknown) => Rendered } = {
  kyc_decided: (data) => {
    const notice = noticeSchemas.kyc_decided.parse(data);
    return notice.decision === 'approved'
      ? kycApproved(notice.language, notice.appUrl)
      : kycRejected(notice.language, notice.reason ?? '', notice.appUrl);
  },
  delivery_tracking: (data) => {
    const notice = noticeSchemas.delivery_tracking.parse(data);
    return trackingUpdate(notice.language, notice);
  },
  staff_signed_in: (data) => {
    const notice = noticeSchemas.staff_signed_in.parse(data);
    return staffSignedInAsCustomer(notice.language, notice);
  },
  password_reset_by_staff: (data) => {
    const notice = noticeSchemas.password_reset_by_staff.parse(data);
    return passwordResetByStaff(notice.language, notice.appUrl);
  },
  new_sign_in: (data) => {
    const notice = noticeSchemas.new_sign_in.parse(data);
    return newSignIn(notice.language, notice);
  },
  password_changed: (data) => {
    const notice = noticeSchemas.password_changed.parse(data);
    return passwordChanged(notice.language, notice);
  },
  two_factor_changed: (data) => {
    const notice = noticeSchemas.two_factor_changed.parse(data);
    return twoFactorChanged(notice.language, notice);
  },
  passkey_changed: (data) => {
    const notice = noticeSchemas.passkey_changed.parse(data);
    return passkeyChanged(notice.language, notice);
  },
  bank_account_added: (data) => {
    const notice = noticeSchemas.bank_account_added.parse(data);
    return bankAccountAdded(notice.language, notice);
  },
  notification_settings_changed: (data) => {
    const notice = noticeSchemas.notification_settings_changed.parse(data);
    return notificationSettingsChanged(notice.language, notice);
  },
  proposal_waiting: (data) => {
    const notice = noticeSchemas.proposal_waiting.parse(data);
    return proposalWaiting(notice.language, notice);
  },
  proposal_decided: (data) => {
    const notice = noticeSchemas.proposal_decided.parse(data);
    return proposalDecided(notice.language, notice);
  },
  price_alert: (data) => {
    const notice = noticeSchemas.price_alert.parse(data);
    return priceAlertFired(notice.language, notice);
  },
  recurring_buy: (data) => {
    const notice = noticeSchemas.recurring_buy.parse(data);
    return recurringBuyRan(notice.language, notice);
  },
  order_closed: (data) => {
    const notice = noticeSchemas.order_closed.parse(data);
    return orderClosed(notice.language, notice);
  },
};
