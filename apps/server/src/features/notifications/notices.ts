// The customer's notification centre (contracts: shared/notifications/contracts.ts): their
// notices newest first, a page at a time, each worded by its mail's template in the language the
// page is in now, with a link to the page it is about; the unread count; marking read. Ownership
// is in every where clause, so another customer's notice is answered as a missing one.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '@secure-vault/shared/i18n';
import type { Notification, NotificationPage } from '@secure-vault/shared/notifications';
import { notificationPageSize } from '@secure-vault/shared/notifications';
import { paths } from '@secure-vault/shared/paths';
import type { AppContext } from '../../context.ts';
import { notifications } from '../../db/notifications-schema.ts';
import { AppError, fieldOf } from '../../errors.ts';
import { assetPagePath } from '../../mail/alert-templates.ts';
import { notifyUser } from '../../ledger/journal.ts';
import { renderTemplate } from '../../mail/templated.ts';

type NoticeRow = typeof notifications.$inferSelect;

/** The page each kind of notice is about. */
const linkOf: Record<string, string> = {
  transfer_sent: paths.history,
  transfer_received: paths.history,
  request_received: paths.interAccounts,
  request_decided: paths.interAccounts,
  delivery_update: paths.dashboard,
  delivery_tracking: paths.dashboard,
  fixed_term_matured: paths.fixedAssets,
  kyc_decided: paths.kyc,
  new_sign_in: paths.settingsSessions,
  password_changed: paths.settingsSecurity,
  two_factor_changed: paths.settingsSecurity,
  passkey_changed: paths.settingsSecurity,
  bank_account_added: paths.interAccounts,
  notification_settings_changed: paths.settingsNotifications,
  staff_signed_in: paths.settingsStaffAccess,
  password_reset_by_staff: paths.settingsSecurity,
  proposal_waiting: `${paths.admin}?tab=approvals`,
  proposal_decided: `${paths.admin}?tab=approvals`,
};

const brand = / — Secure Vault$/;

/** A price alert or a recurring buy is about its asset's page. */
function assetLinkOf(row: NoticeRow): string | null {
  if (row.kind !== 'price_alert' && row.kind !== 'recurring_buy') return null;
  const symbol = fieldOf(row.data, 'symbol');
  return typeof symbol === 'string' ? assetPagePath(symbol) : null;
}

/** The notice as its mail says it, in `language`. */
export function noticeOf(row: NoticeRow, language: Language): Notification {
  const worded = wordingOf(row, language);
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    ...worded,
    link: linkOf[row.kind] ?? assetLinkOf(row) ?? null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const untitled: Record<Language, string> = { en: 'Notice', ar: 'إشعار' };

/**
 * The subject without the brand, and the paragraphs between the greeting and the signature. A
 * notice whose data its template no longer reads is shown untitled rather than failing the list.
 */
function wordingOf(row: NoticeRow, language: Language): { title: string; body: string[] } {
  const data = typeof row.data === 'object' && row.data !== null ? row.data : {};
  try {
    const mail = renderTemplate(row.kind, { ...data, language });
    return { title: mail.subject.replace(brand, ''), body: mail.text.split('\n\n').slice(1, -1) };
  } catch {
    return { title: untitled[language], body: [] };
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page of the customer's notices, newest first. The cursor is the last notice of the page
 * before; one that is not theirs ends the list, exactly as a notice deleted meanwhile would.
 */
export async function listNotices(
  ctx: AppContext,
  userId: string,
  language: Language,
  cursor: string | undefined,
): Promise<NotificationPage> {
  if (cursor !== undefined && !uuidPattern.test(cursor)) {
    throw new AppError('VALIDATION', 'The notifications cursor is not valid.', {
      issues: [{ path: 'cursor', message: 'notifications:errors.cursorInvalid' }],
    });
  }
  const after = cursor
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id
        from notifications n where n.id = ${cursor}::uuid and n.user_id = ${userId}::uuid)`
    : undefined;
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(notificationPageSize + 1);
  const page = rows.slice(0, notificationPageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => noticeOf(row, language)),
    nextCursor: rows.length > notificationPageSize && last ? last.id : null,
  };
}

export async function unreadCount(ctx: AppContext, userId: string): Promise<{ unread: number }> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: row?.unread ?? 0 };
}

/** Marks one notice read (once: a second time keeps the first time), or every unread one. */
export async function markRead(ctx: AppContext, userId: string, id: string | null): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.transaction(async (tx) => {
    const mine = eq(notifications.userId, userId);
    const which =
      id === null ? and(mine, isNull(notifications.readAt)) : and(mine, eq(notifications.id, id));
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(which)
      .returning({ id: notifications.id });
    if (id !== null && marked.length === 0) {
      throw new AppError('NOT_FOUND', 'This notification was not found.');
    }
    // The customer's other tabs and the bell hear of it.
    if (marked.length > 0) {
      await notifyUser(tx, userId, 'notifications');
    }
  });
}
