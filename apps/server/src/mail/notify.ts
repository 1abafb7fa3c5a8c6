// Telling a customer of an event from a TypeScript change (DESIGN §5): one call keeps the notice
// in their notification centre and queues its mail, in the change's transaction, through the
// same SQL function the ledger's functions call (notify_customer). The data is checked against
// its kind's schema before it is kept, so a notice can always be worded. Send the mail after
// commit with `ctx.mailer.deliverQueued(at)`.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { runAfterAnswer } from '../auth/background-work.ts';
import type { RequestMeta } from '../auth/request-meta.ts';
import type { Tx } from '../db/in-transaction.ts';
import { assertNoticing } from '../db/notices.ts';
import { currentRequestId } from '../request-context.ts';
import { type NoticeData, type NoticeKind, noticeSchemas } from './notice-templates.ts';

export async function notifyCustomer<K extends NoticeKind>(
  tx: Tx,
  userId: string,
  kind: K,
  data: NoticeData<K>,
  at: Date,
): Promise<void> {
  // Parsed only to refuse what could not be worded; what is kept is the data as written.
  noticeSchemas[kind].parse(data);
  assertNoticing(tx);
  await tx.execute(
    sql`select notify_customer(${userId}::uuid, ${kind}::text, ${JSON.stringify(data)}::jsonb,
      ${at.toISOString()}::timestamptz, ${currentRequestId() ?? null}::text)`,
  );
}

/** Sends what the running request queued, once it has answered (the job runner would, later). */
export function sendQueuedAfterAnswer(ctx: AppContext, task: string, at: Date): void {
  runAfterAnswer(ctx, task, async () => {
    await ctx.mailer.deliverQueued(at);
  });
}

/** The security notice of a password changed, by the customer or through a reset link. */
export async function tellPasswordChanged(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  meta: RequestMeta,
  at: Date,
): Promise<void> {
  await notifyCustomer(
    tx,
    userId,
    'password_changed',
    { language: meta.language, appUrl: ctx.config.appUrl, at: at.toISOString() },
    at,
  );
}
