// Outgoing mail through nodemailer (DESIGN §5). With MAIL_URL unset, mail goes to the outbox:
// stored in the database and readable through the development mailbox. The log names the subject
// and a short hash of the recipient only: messages may carry one-time codes and links, and an
// address is personal data the log does not need (the hash still matches lines about one
// recipient). A failed delivery is thrown without the mail server's words, which quote the address.
import { createHash } from 'node:crypto';
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

/** How the log names a recipient: the first 12 hex digits of the SHA-256 of the lowercased address. */
export function addressHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 12);
}

/** A delivery that failed, told by the recipient's hash and the server's status code only. */
export class MailNotSentError extends Error {
  readonly toHash: string;
  readonly responseCode: number | undefined;

  constructor(toHash: string, failure: unknown) {
    const { responseCode } = (failure ?? {}) as { responseCode?: unknown };
    const status = typeof responseCode === 'number' ? responseCode : undefined;
    super(`mail to ${toHash} was not sent${status === undefined ? '' : ` (${status})`}`);
    this.name = 'MailNotSentError';
    this.toHash = toHash;
    this.responseCode = status;
  }
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
          { toHash: addressHash(message.to), subject: message.subject },
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
      const toHash = addressHash(message.to);
      try {
        await transporter.sendMail({ from, ...message });
      } catch (error) {
        throw new MailNotSentError(toHash, error);
      }
      logger.info({ toHash, subject: message.subject }, 'mail sent');
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
