// Staff send a given-up message again (contract: shared/mail-queue/contracts.ts `resendMail`):
// its attempts start over and it is due at once, for the job runner to send (mail/mailer.ts
// `deliverDue`). Only a message still given up: the change is one conditional UPDATE, so of two
// staff who press at the same time one re-queues it and the other is told it already waits. A
// given-up message still has its text (only a sent one's is cleared). The last error stays until
// the next attempt replaces it, so staff still see why it failed. Audited in the same transaction.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mailQueue, users } from '../../db/schema.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { AppError } from '../../errors.ts';
import { addressHash } from '../../mail/mailer.ts';

export type KeptMail = typeof mailQueue.$inferSelect;

export async function resendMail(
  ctx: AppContext,
  staff: RequestAuth,
  id: string,
  meta: RequestMeta,
): Promise<KeptMail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [queued] = await tx
      .update(mailQueue)
      .set({ givenUpAt: null, attempts: 0, nextAttemptAt: now })
      .where(and(eq(mailQueue.id, id), isNotNull(mailQueue.givenUpAt), isNull(mailQueue.sentAt)))
      .returning();
    if (!queued) {
      const [kept] = await tx
        .select({ sentAt: mailQueue.sentAt })
        .from(mailQueue)
        .where(eq(mailQueue.id, id));
      if (!kept) throw new AppError('NOT_FOUND', 'No such message.');
      throw new AppError(
        'CONFLICT',
        kept.sentAt
          ? 'This message was sent; only a message that was given up can be sent again.'
          : 'This message is already waiting to be tried again; only a message that was given up can be sent again.',
      );
    }
    // The customer it was for, if it was for one, so the audit log finds it under them.
    const [recipient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, queued.to.trim().toLowerCase()));
    await writeAudit(tx, {
      action: 'admin.mail_resent',
      actorId: staff.user.id,
      subjectUserId: recipient?.id ?? null,
      ip: meta.ip,
      // The recipient by hash, as the mail log names them; the kept error has no address, and
      // the subject (which may name someone) stays with the message, not in the lasting log.
      details: { mail: queued.id, toHash: addressHash(queued.to), lastError: queued.lastError },
      at: now,
    });
    return queued;
  });
}
