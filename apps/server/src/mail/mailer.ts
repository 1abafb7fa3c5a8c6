// Outgoing mail through nodemailer (DESIGN §5). With MAIL_URL unset, mail goes to the outbox:
// stored in the database and readable through the development mailbox. The log names the
// recipient and subject only, since messages may carry one-time codes and links.
import nodemailer from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { OutboxMessage } from '@secure-vault/shared';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  db: Db;
  mailUrl: string | undefined;
  from: string;
  logger: Logger;
}

export function createMailer({ db, mailUrl, from, logger }: MailerOptions): Mailer {
  if (!mailUrl) {
    return {
      transport: 'outbox',
      async send(message) {
        await db.insert(mailOutbox).values({
          to: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
        });
        logger.info(
          { to: message.to, subject: message.subject },
          'mail kept in the outbox (see /dev/mailbox)',
        );
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(mailUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close() {
      transporter.close();
    },
  };
}

/** Newest first, as GET /api/v1/dev/mailbox returns them. */
export async function readOutbox(db: Db, to: string, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.seq))
    .limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}
