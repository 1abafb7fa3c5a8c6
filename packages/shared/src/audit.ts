// The audit log as staff read it (DESIGN §4, issue 15): every security event and staff action
// the server records, the filters of the audit viewer and the page it answers.
import { z } from 'zod';
import { languages } from './i18n.ts';

/** Every action the server writes to the audit log. */
export const auditActions = [
  'auth.sign_up',
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.totp_enabled',
  'auth.totp_disabled',
  'auth.passkey_added',
  'auth.passkey_removed',
  'auth.passkey_refused',
  'auth.session_revoked',
  'auth.sessions_revoked',
  'auth.notification_settings_changed',
  'admin.password_reset',
  'admin.impersonation_link',
  'admin.impersonation_started',
  'admin.impersonation_ended',
  'admin.role_granted',
  'admin.account_created',
  'admin.valuable_added',
  'admin.valuable_edited',
  'admin.valuable_deleted',
  'admin.book_balance_set',
  'admin.book_balance_approved',
  'admin.book_balance_rejected',
  'admin.proposal_created',
  'admin.proposal_approved',
  'admin.proposal_rejected',
  'admin.proposal_withdrawn',
  'kyc.submitted',
  'kyc.document_uploaded',
  'kyc.document_deleted',
  'admin.kyc_approved',
  'admin.kyc_rejected',
  'admin.kyc_document_viewed',
  'admin.mail_resent',
  'bank.account_registered',
  'bank.account_deleted',
  'transfer.status_changed',
  'delivery.status_changed',
  'delivery.tracking_added',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The families of actions, by the part before the dot: a filter may name a whole family. */
export const auditActionGroups = ['auth', 'admin', 'kyc', 'bank', 'transfer', 'delivery'] as const;
export type AuditActionGroup = (typeof auditActionGroups)[number];

/** What the action filter takes: one action, or a family as its prefix (`admin.`). */
export const auditActionFilters = [
  ...auditActionGroups.map((group) => `${group}.` as const),
  ...auditActions,
] as const;
export type AuditActionFilter = (typeof auditActionFilters)[number];

export function isAuditActionGroupFilter(filter: string): filter is `${AuditActionGroup}.` {
  return filter.endsWith('.');
}

export const auditPageSize = { default: 50, max: 200 } as const;
/** The newest rows a CSV export holds at most. */
export const auditExportLimit = 10_000;

/**
 * The days a filter may name, as the history's: every one of them, and the day after `to`, is an
 * exact timestamp to JavaScript and to PostgreSQL.
 */
export const auditDateRange = { min: '1900-01-01', max: '2999-12-31' } as const;

const auditDate = z.iso
  .date('admin:audit.errors.date')
  .refine(
    (day) => day >= auditDateRange.min && day <= auditDateRange.max,
    'admin:audit.errors.date',
  );

const uuidPattern = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** An account's id, or an address: no spaces or controls, one @ with text on both sides. */
export const auditPersonPattern = new RegExp(
  `^(?:${uuidPattern}|[^\\s@\\u0000-\\u001f\\u007f]+@[^\\s@\\u0000-\\u001f\\u007f]+)$`,
);

export function isUuid(value: string): boolean {
  return new RegExp(`^${uuidPattern}$`).test(value);
}

/** The actor or the customer of an entry: their account id or their exact email address. */
const auditPerson = z
  .string()
  .trim()
  .max(254, 'admin:audit.errors.person')
  .regex(auditPersonPattern, 'admin:audit.errors.person')
  .transform((value) => value.toLowerCase());

/**
 * The filters of the viewer and the export. An unknown address matches nothing, and a `from`
 * after `to` is a valid filter that matches nothing. Dates are whole days in UTC, both inclusive.
 */
export const auditFilterSchema = z.strictObject({
  actor: auditPerson.optional(),
  customer: auditPerson.optional(),
  action: z.enum(auditActionFilters).optional(),
  from: auditDate.optional(),
  to: auditDate.optional(),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** The export's filters, and the language its action labels are in (the page's, else the browser's). */
export const auditExportQuerySchema = auditFilterSchema.extend({
  language: z.enum(languages).optional(),
});

export const auditQuerySchema = auditFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(auditPageSize.max).default(auditPageSize.default),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

const auditPersonRefSchema = z.object({ id: z.uuid(), email: z.string() }).nullable();

export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** ISO 8601, UTC. */
  at: z.string(),
  action: z.string(),
  /** Who did it; null for the system (jobs) and for failed sign-ins to unknown addresses. */
  actor: auditPersonRefSchema,
  /** Whose account it concerns. */
  customer: auditPersonRefSchema,
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
