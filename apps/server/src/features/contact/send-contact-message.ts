// Stores a contact message, then emails it to the staff inbox, and a fixed acknowledgement with
// none of the caller's text to the address the form named (which anyone may type).
// A message the schema refuses (contact.ts, text.ts) never gets here: nothing is stored, mailed
// or logged with the sender's details, and it costs no more than any other refused request.
import { createHmac } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { ContactMessage, Language } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { contactMessages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { contactAcknowledgement, contactNotification } from '../../mail/templates.ts';

export const contactRateLimit = { max: 5, windowMs: 10 * 60 * 1000 };

/** The first key of the advisory locks taken here, so they meet no other lock of the app. */
const contactLockClass = 0x636f6e74; // "cont"

interface Sender {
  ip: string;
  language: Language;
}

export async function sendContactMessage(
  ctx: AppContext,
  message: ContactMessage,
  sender: Sender,
  log: { error(obj: object, msg: string): void },
): Promise<{ id: string }> {
  const ipHash = createHmac('sha256', ctx.config.dataKey).update(sender.ip).digest('hex');
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - contactRateLimit.windowMs);
  const stored = await ctx.db.transaction(async (tx) => {
    // Messages from one address take turns between the count and the insert, so ten sent at
    // once cannot all count four before any is stored (DESIGN §3); other addresses do not wait.
    await tx.execute(sql`select pg_advisory_xact_lock(${contactLockClass}, hashtext(${ipHash}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ipHash, ipHash), gt(contactMessages.createdAt, since)));
    if ((recent?.n ?? 0) >= contactRateLimit.max) {
      throw new AppError('RATE_LIMITED', 'Too many messages. Please try again later.');
    }
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, language: sender.language, ipHash, createdAt: now })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message was not stored');
    // The team's copy and the sender's acknowledgement are kept with the message.
    await ctx.mailer.keep(
      tx,
      { to: ctx.config.contactInbox, ...contactNotification(message, sender.language) },
      now,
    );
    await ctx.mailer.keep(
      tx,
      { to: message.email, ...contactAcknowledgement(sender.language) },
      now,
    );
    return row;
  });

  // The message is safely stored with its mail; a failed send is retried, and logged rather
  // than shown as a failed send.
  try {
    await ctx.mailer.deliverQueued(now);
  } catch (err) {
    log.error({ err, contactMessageId: stored.id }, 'contact mail could not be sent');
  }
  return stored;
}
