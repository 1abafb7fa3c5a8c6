// Which categories of notice are also mailed (contracts: getNotificationPreferences,
// setNotificationPreferences). A category is mailed unless the customer turned it off; security
// has no switch. A change that turns anything on or off is itself a security notice, mailed
// whatever the choice, so someone in the account cannot quietly silence what it says.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  type NotificationPreferences,
  optionalNotificationCategories,
  type OptionalNotificationCategory,
} from '@secure-vault/shared/notifications';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notificationMailOptOuts } from '../../db/notifications-schema.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { writeAudit } from '../../auth/audit.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { notifyCustomer } from '../../mail/notify.ts';

function preferencesOf(optedOut: readonly string[]): NotificationPreferences {
  const mailed = (category: OptionalNotificationCategory) => !optedOut.includes(category);
  return { mail: { money: mailed('money'), custody: mailed('custody'), kyc: mailed('kyc') } };
}

async function optedOutOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ category: notificationMailOptOuts.category })
    .from(notificationMailOptOuts)
    .where(eq(notificationMailOptOuts.userId, userId));
  return rows.map((row) => row.category);
}

export async function getPreferences(
  ctx: AppContext,
  userId: string,
): Promise<NotificationPreferences> {
  return preferencesOf(await optedOutOf(ctx.db, userId));
}

export async function setPreferences(
  ctx: AppContext,
  userId: string,
  input: NotificationPreferences,
  meta: RequestMeta,
): Promise<NotificationPreferences> {
  const now = ctx.clock.now();
  const off = optionalNotificationCategories.filter((category) => !input.mail[category]);
  const changed = await ctx.database.transaction(async (tx) => {
    const before = await optedOutOf(tx, userId);
    const mine = eq(notificationMailOptOuts.userId, userId);
    await tx
      .delete(notificationMailOptOuts)
      .where(off.length > 0 ? and(mine, notInArray(notificationMailOptOuts.category, off)) : mine);
    if (off.length > 0) {
      await tx
        .insert(notificationMailOptOuts)
        .values(off.map((category) => ({ userId, category, createdAt: now })))
        .onConflictDoNothing();
    }
    const after = await tx
      .select({ category: notificationMailOptOuts.category })
      .from(notificationMailOptOuts)
      .where(and(mine, inArray(notificationMailOptOuts.category, optionalNotificationCategories)));
    const same =
      before.length === after.length && after.every((row) => before.includes(row.category));
    if (same) return false;
    await writeAudit(tx, {
      action: 'auth.notification_settings_changed',
      actorId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: { mailOff: off },
      at: now,
    });
    await notifyCustomer(
      tx,
      userId,
      'notification_settings_changed',
      { language: meta.language, appUrl: ctx.config.appUrl, at: now.toISOString() },
      now,
    );
    return true;
  });
  if (changed) {
    runAfterAnswer(ctx, 'notification_settings_notice', async () => {
      await ctx.mailer.deliverQueued(now);
    });
  }
  return preferencesOf(off);
}
