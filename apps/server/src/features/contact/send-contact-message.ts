// Stores a contact message, then emails the staff inbox and a confirmation to the sender.
import { createHmac } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { ContactMessage, Language } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { contactMessages } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { contactConfirmation, contactNotification } from '../../mail/templates.ts';

export const contactRateLimit = { max: 5, windowMs: 10 * 60 * 1000 };

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
  const since = new Date(ctx.clock.now().getTime() - contactRateLimit.windowMs);
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.ipHash, ipHash), gt(contactMessages.createdAt, since)));
  if ((recent?.n ?? 0) >= contactRateLimit.max) {
    throw new AppError('RATE_LIMITED', 'Too many messages. Please try again later.');
  }

  const [stored] = await ctx.db
    .insert(contactMessages)
    .values({ ...message, language: sender.language, ipHash, createdAt: ctx.clock.now() })
    .returning({ id: contactMessages.id });
  if (!stored) throw new Error('contact message was not stored');

  // The message is safely stored; a mail failure is logged rather than shown as a failed send.
  const mails = [
    { to: ctx.config.contactInbox, ...contactNotification(message, sender.language) },
    { to: message.email, ...contactConfirmation(message, sender.language) },
  ];
  for (const mail of mails) {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      log.error({ err, contactMessageId: stored.id }, 'contact mail could not be sent');
    }
  }
  return stored;
}
