// The notification centre (DESIGN §5): every event we mail a customer about is also kept as a
// notice they can find in the app, newest first, with its read state. A notice and its mail come
// from one call in the change's transaction (notify_customer, mail/sql), so neither exists
// without the other; the notice is worded from the mail's own template, in the language the
// reader has the app in now.
import { z } from 'zod';

/**
 * What a notice is about. Security notices are always mailed; money, custody and KYC mail can be
 * turned off in Settings, and their notices still reach the centre. Approvals are staff's: a
 * change waiting for a second staff member, and its maker told how it was decided, both in the
 * centre only, where the queue is.
 */
export const notificationCategories = ['security', 'money', 'custody', 'kyc', 'approvals'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
/** The categories whose mail a customer may turn off. */
export const optionalNotificationCategories = [
  'money',
  'custody',
  'kyc',
] as const satisfies readonly NotificationCategory[];
export type OptionalNotificationCategory = (typeof optionalNotificationCategories)[number];

/**
 * Every kind of notice, by its category: the kind is the mail template's name. A withdrawal's
 * `request_received` is a security notice whatever this says (notification_category, mail/sql):
 * cash leaving the account is what a thief would do first.
 */
export const notificationKinds = {
  transfer_sent: 'money',
  transfer_received: 'money',
  request_received: 'money',
  request_decided: 'money',
  delivery_update: 'custody',
  delivery_tracking: 'custody',
  fixed_term_matured: 'custody',
  price_alert: 'money',
  recurring_buy: 'money',
  order_closed: 'money',
  kyc_decided: 'kyc',
  new_sign_in: 'security',
  password_changed: 'security',
  two_factor_changed: 'security',
  passkey_changed: 'security',
  bank_account_added: 'security',
  notification_settings_changed: 'security',
  staff_signed_in: 'security',
  password_reset_by_staff: 'security',
  proposal_waiting: 'approvals',
  proposal_decided: 'approvals',
} as const satisfies Record<string, NotificationCategory>;
export type NotificationKind = keyof typeof notificationKinds;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  category: z.enum(notificationCategories),
  /** The mail's subject, in the language the list was asked in. */
  title: z.string(),
  /** The mail's own lines, without its greeting and signature. */
  body: z.array(z.string()),
  /** The app's page about it (`/history/…`, `/settings/security`), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Notices per page of the centre. */
export const notificationPageSize = 30;

export const notificationListQuerySchema = z.strictObject({
  /** The `nextCursor` of the page before. */
  cursor: z
    .string()
    .regex(/^[\w-]{1,200}$/, 'notifications:errors.cursorInvalid')
    .optional(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });

export const notificationParamsSchema = z.strictObject({ id: z.uuid() });

export const notificationPreferencesSchema = z.object({
  /** Whether each optional category is mailed; security is always mailed. */
  mail: z.object({ money: z.boolean(), custody: z.boolean(), kyc: z.boolean() }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesInputSchema = z.strictObject({
  mail: z.strictObject({ money: z.boolean(), custody: z.boolean(), kyc: z.boolean() }),
});
