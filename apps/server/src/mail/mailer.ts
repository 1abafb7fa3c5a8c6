// Outgoing mail through nodemailer (DESIGN §5), never lost: every message is kept in the mail
// queue (db/schema.ts `mailQueue`) before it is sent, then sent at once; a send that fails is kept
// and tried again with backoff by every process's job runner (`deliverDue`), and a message that
// keeps failing, or that the mail server refuses for good (5xx), is kept with its error. With
// MAIL_URL unset, sending means keeping it in the outbox, readable through the development
// mailbox, in the same transaction that marks it sent. The log names the subject and a short hash
// of the recipient only: messages may carry one-time codes and links, and an address is personal
// data the log does not need (the hash still matches lines about one recipient). A failed send is
// recorded without the mail server's words, which quote the address.
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@secure-vault/shared';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { mailOutbox, mailQueue } from '../db/schema.ts';
import { type Clock, systemClock } from '../context.ts';
import { countMailAttempt } from '../metrics/metrics.ts';
import { currentRequestId } from '../request-context.ts';
import { renderTemplate } from './templated.ts';
import { fieldOf } from '../errors.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  transport: 'outbox' | 'smtp';
  /**
   * Keeps the message, then tries to send it; a failed send stays kept for `deliverDue`. For a
   * message that reports no change of its own: one that does is kept in the change's
   * transaction (`keep`, or a ledger function's `mail_enqueue`).
   */
  send(message: MailMessage): Promise<void>;
  /** Sends up to `max` kept messages whose next attempt is due at `at`; how many went. */
  deliverDue(at: Date, max?: number): Promise<number>;
  /**
   * Sends what the running request queued (request-context.ts; a change's SQL function queues
   * under it) and is due at `at`, after its answer: only its own, so a backlog waiting for the
   * runner never rides on a customer's request. Outside a request, what is due.
   */
  deliverQueued(at: Date): Promise<number>;
  /**
   * Keeps a message in the caller's transaction, due at `at` (the change's time), under the
   * running request: it goes with the change or not at all. Send it after commit with
   * `deliverQueued` at the same time.
   */
  keep(tx: Db, message: MailMessage, at: Date): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  db: Db;
  mailUrl: string | undefined;
  from: string;
  logger: Logger;
  clock?: Clock;
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
    const responseCode = fieldOf(failure, 'responseCode');
    const status = typeof responseCode === 'number' ? responseCode : undefined;
    super(`mail to ${toHash} was not sent${status === undefined ? '' : ` (${status})`}`);
    this.name = 'MailNotSentError';
    this.toHash = toHash;
    this.responseCode = status;
  }
}

/** How long a process may take over one send before another may try the message. */
export const mailLeaseMs = 2 * 60_000;
/** Attempts before a message is given up (30 s after the first failure, doubling, at most 1 h). */
export const mailMaxAttempts = 10;

/**
 * The mail server refusing the server's own sign-in (530 authentication required, 534 mechanism
 * too weak, 535 wrong credentials, 538 encryption required): retried like a server that is
 * down, so mail waits for MAIL_URL to be put right instead of being given up message by message.
 */
const signInRefusals = new Set([530, 534, 535, 538]);

export function mailRetryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

type QueuedMail = typeof mailQueue.$inferSelect;

/**
 * nodemailer's options for MAIL_URL (its query may set any of them, `?requireTLS=false`…). On
 * smtp:// the session is upgraded with STARTTLS whenever the server offers it; with a user in the
 * URL it must be, so a password never crosses a connection someone stripped of STARTTLS. The
 * certificate is checked against Node's CAs, never skipped: a private CA is added with
 * NODE_EXTRA_CA_CERTS. A server that does not answer costs an attempt within seconds, not minutes.
 */
function smtpOptions(mailUrl: string) {
  return {
    url: mailUrl,
    requireTLS: new URL(mailUrl).username !== '',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export function createMailer({
  db,
  mailUrl,
  from,
  logger,
  clock = systemClock,
}: MailerOptions): Mailer {
  const smtp = mailUrl ? nodemailer.createTransport(smtpOptions(mailUrl)) : undefined;
  if (mailUrl && new URL(mailUrl).searchParams.get('tls.rejectUnauthorized') === 'false') {
    logger.warn(
      'MAIL_URL turns off the check of the mail server certificate: anyone on the way can read ' +
        'the mail and the password; trust its CA with NODE_EXTRA_CA_CERTS instead',
    );
  }
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'secure-vault.local';

  // A sent message keeps whom it went to and its subject, not its words: they may hold a
  // one-time code or a sign-in link, which the database has no reason to keep.
  // A template's data goes too, and its subject stays, rendered.
  async function markSent(database: Db, row: QueuedMail, subject: string): Promise<void> {
    await database
      .update(mailQueue)
      .set({ sentAt: clock.now(), lastError: null, subject, text: '', html: null, data: null })
      .where(eq(mailQueue.id, row.id));
  }

  /** A message queued by a SQL function is rendered from its template now (mail/templated.ts). */
  function wordsOf(row: QueuedMail): { subject: string; text: string; html: string | null } {
    if (row.template === null) return { subject: row.subject, text: row.text, html: row.html };
    const rendered = renderTemplate(row.template, row.data);
    return { subject: rendered.subject, text: rendered.text, html: rendered.html ?? null };
  }

  async function deliver(row: QueuedMail): Promise<boolean> {
    // Every attempt logs under the request that queued the message, whichever process makes it.
    const log = row.requestId ? logger.child({ reqId: row.requestId }) : logger;
    const toHash = addressHash(row.to);
    let words: { subject: string; text: string; html: string | null };
    try {
      words = wordsOf(row);
    } catch (err) {
      // Sending it again would fail again: kept, given up, for staff to see.
      await db
        .update(mailQueue)
        .set({ givenUpAt: clock.now(), lastError: `cannot be rendered (${row.template})` })
        .where(eq(mailQueue.id, row.id));
      countMailAttempt('given_up');
      log.error({ err, toHash, mail: row.id }, 'mail not sent; its template cannot be rendered');
      return false;
    }
    const message = { to: row.to, subject: words.subject, text: words.text };
    const html = words.html === null ? {} : { html: words.html };
    try {
      if (smtp) {
        await smtp.sendMail({ from, ...message, ...html, messageId: `<${row.id}@${domain}>` });
        await markSent(db, row, words.subject);
        log.info({ toHash, subject: words.subject, mail: row.id }, 'mail sent');
        countMailAttempt('sent');
      } else {
        await db.transaction(async (tx) => {
          await tx
            .insert(mailOutbox)
            .values({ ...message, to: row.to.toLowerCase(), html: words.html });
          await markSent(tx, row, words.subject);
        });
        log.info(
          { toHash, subject: words.subject, mail: row.id },
          'mail kept in the outbox (see /dev/mailbox)',
        );
        countMailAttempt('sent');
      }
      return true;
    } catch (failure) {
      const error = new MailNotSentError(toHash, failure);
      // A 5xx refuses the message for good, except a refusal of our own sign-in: that is
      // MAIL_URL's to fix, and every message would fail alike until it is.
      const isRefused =
        error.responseCode !== undefined &&
        error.responseCode >= 500 &&
        !signInRefusals.has(error.responseCode);
      const givesUp = isRefused || row.attempts >= mailMaxAttempts;
      const now = clock.now();
      await db
        .update(mailQueue)
        .set(
          givesUp
            ? { givenUpAt: now, lastError: error.message, subject: words.subject }
            : {
                nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(row.attempts)),
                lastError: error.message,
                subject: words.subject,
              },
        )
        .where(eq(mailQueue.id, row.id));
      const fields = { err: error, toHash, mail: row.id, attempts: row.attempts };
      countMailAttempt(givesUp ? 'given_up' : 'retry');
      if (givesUp) log.error(fields, 'mail not sent; given up, kept with its error');
      else log.warn(fields, 'mail not sent; it will be tried again');
      return false;
    }
  }

  /** Claims due rows (of one request, when named) under a lease, then sends each. */
  async function deliverWhere(at: Date, max: number, requestId: string | undefined) {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          isNull(mailQueue.sentAt),
          isNull(mailQueue.givenUpAt),
          lte(mailQueue.nextAttemptAt, at),
          requestId === undefined ? undefined : eq(mailQueue.requestId, requestId),
        ),
      )
      .orderBy(mailQueue.nextAttemptAt)
      .limit(max)
      .for('update', { skipLocked: true });
    const taken = await db
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + mailLeaseMs),
      })
      .where(inArray(mailQueue.id, due))
      .returning();
    let sent = 0;
    for (const row of taken) if (await deliver(row)) sent += 1;
    return sent;
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(message) {
      const now = clock.now();
      // Kept first, already taken by this process for its lease: if it dies before the send is
      // recorded, another sends it once the lease has passed.
      const [row] = await db
        .insert(mailQueue)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          requestId: currentRequestId() ?? null,
          attempts: 1,
          nextAttemptAt: new Date(now.getTime() + mailLeaseMs),
        })
        .returning();
      if (!row) throw new Error('the mail was not kept');
      await deliver(row);
    },
    deliverDue: (at, max = 50) => deliverWhere(at, max, undefined),
    deliverQueued: (at) => deliverWhere(at, 50, currentRequestId()),
    async keep(tx, message, at) {
      await tx.insert(mailQueue).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        requestId: currentRequestId() ?? null,
        nextAttemptAt: at,
      });
    },
    close() {
      smtp?.close();
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
