// Mail is never lost (DESIGN §5, mail/mailer.ts): a message is kept before it is sent, a send that
// fails is tried again with backoff until the mail server is back, each message reaches it once
// under its own Message-ID, a sender that died mid-send leaves the message to another, and one
// that keeps failing is given up and kept with its error.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailQueue } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import type { Clock } from '../context.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { createMailer, mailLeaseMs, mailMaxAttempts, mailRetryDelayMs } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A mail server that records what it accepted, which can be stopped and started on its port. */
function mailServer() {
  const received: { messageId: string; to: string; subject: string }[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            messageId: /^Message-ID: (.*)$/im.exec(data)?.[1]?.trim() ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            subject: /^Subject: (.*)$/im.exec(data)?.[1]?.trim() ?? '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  }
  const stop = () =>
    new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { received, start, stop, url: () => `smtp://127.0.0.1:${port}` };
}

const from = 'Secure Vault <no-reply@securevault.example>';

/** A mailer on the test database, sending to `mailUrl` at the times `clock` says. */
const mailerFor = (mailUrl: string, clock: Clock) =>
  createMailer({ db: t.ctx.db, mailUrl, from, logger: createLogger('silent'), clock });

async function kept(subject: string) {
  const [row] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.subject, subject));
  if (!row) throw new Error(`no kept mail "${subject}"`);
  return row;
}

describe('the mail queue', () => {
  const smtp = mailServer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  it('keeps a mail while the mail server is down and sends it once when it is back', async () => {
    const clock = manualClock(new Date('2026-11-28T12:00:00Z'));
    const mailer = mailerFor(smtp.url(), clock);
    await smtp.stop();
    await mailer.send({ to: 'amira@example.com', subject: 'During the outage', text: 'Hello' });
    let row = await kept('During the outage');
    expect(row).toMatchObject({ sentAt: null, givenUpAt: null, attempts: 1 });
    expect(row.lastError).toMatch(/^mail to [0-9a-f]{12} was not sent$/);
    expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + mailRetryDelayMs(1)));

    // Not before its time, and not while the server is still down.
    expect(await mailer.deliverDue(clock.now())).toBe(0);
    clock.advance(mailRetryDelayMs(1));
    expect(await mailer.deliverDue(clock.now())).toBe(0);
    row = await kept('During the outage');
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + mailRetryDelayMs(2)));

    await smtp.start();
    clock.advance(mailRetryDelayMs(2));
    expect(await mailer.deliverDue(clock.now())).toBe(1);
    const sentAt = clock.now();
    expect(await mailer.deliverDue(clock.now())).toBe(0);
    clock.advance(60 * 60_000);
    expect(await mailer.deliverDue(clock.now())).toBe(0);
    mailer.close();

    row = await kept('During the outage');
    expect(row).toMatchObject({ attempts: 3, lastError: null, givenUpAt: null, sentAt });
    // Sent, its words (codes, links) are not kept.
    expect(row).toMatchObject({ text: '', html: null });
    const copies = smtp.received.filter((mail) => mail.subject === 'During the outage');
    expect(copies).toEqual([
      {
        messageId: `<${row.id}@securevault.example>`,
        to: 'amira@example.com',
        subject: 'During the outage',
      },
    ]);
  });

  it('leaves a mail whose sender died mid-send to another once the lease has passed', async () => {
    const clock = manualClock(new Date('2026-11-28T13:00:00Z'));
    const mailer = mailerFor(smtp.url(), clock);
    // What a process that was killed after keeping the mail, before sending it, leaves behind.
    await t.ctx.db.insert(mailQueue).values({
      to: 'omar@example.com',
      subject: 'Left by a killed process',
      text: 'Hello',
      attempts: 1,
      nextAttemptAt: new Date(clock.now().getTime() + mailLeaseMs),
    });
    expect(await mailer.deliverDue(clock.now())).toBe(0);
    clock.advance(mailLeaseMs);
    expect(await mailer.deliverDue(clock.now())).toBe(1);
    mailer.close();
    expect(
      smtp.received.filter((mail) => mail.subject === 'Left by a killed process'),
    ).toHaveLength(1);
    expect((await kept('Left by a killed process')).sentAt).toEqual(clock.now());
  });

  it('sends each due mail once when two processes deliver at the same time', async () => {
    const clock = manualClock(new Date('2026-11-28T14:00:00Z'));
    const subjects = Array.from({ length: 6 }, (_, n) => `Due together ${n}`);
    await t.ctx.db.insert(mailQueue).values(
      subjects.map((subject) => ({
        to: 'layla@example.com',
        subject,
        text: subject,
        nextAttemptAt: clock.now(),
      })),
    );
    const [first, second] = [mailerFor(smtp.url(), clock), mailerFor(smtp.url(), clock)];
    const sent = await Promise.all([first.deliverDue(clock.now()), second.deliverDue(clock.now())]);
    first.close();
    second.close();
    expect(sent[0] + sent[1]).toBe(subjects.length);
    const copies = smtp.received.filter((mail) => mail.subject.startsWith('Due together'));
    expect(copies.map((mail) => mail.subject).sort()).toEqual(subjects);
  });

  it('gives a mail up after the last attempt and keeps it with its error', async () => {
    const clock = manualClock(new Date('2026-11-28T15:00:00Z'));
    const down = mailerFor('smtp://127.0.0.1:1', clock);
    await down.send({ to: 'zara@example.com', subject: 'Never reaches anyone', text: 'Hello' });
    for (let attempt = 1; attempt < mailMaxAttempts; attempt++) {
      clock.advance(mailRetryDelayMs(attempt));
      expect(await down.deliverDue(clock.now())).toBe(0);
    }
    down.close();
    const row = await kept('Never reaches anyone');
    expect(row).toMatchObject({ attempts: mailMaxAttempts, sentAt: null });
    expect(row.givenUpAt).toEqual(clock.now());
    expect(row.lastError).toMatch(/was not sent$/);
    expect(row.lastError).not.toContain('zara');
    clock.advance(24 * 60 * 60_000);
    expect(await down.deliverDue(clock.now())).toBe(0);
  });

  it('is sent by the server on its own once the mail server is back', async () => {
    const clock = manualClock(new Date('2026-11-28T16:00:00Z'));
    const app = await createTestApp({
      env: { MAIL_URL: smtp.url(), JOB_INTERVAL_MS: '50' },
      clock,
    });
    try {
      await smtp.stop();
      await app.ctx.mailer.send({
        to: 'sami@example.com',
        subject: 'Sent by the runner',
        text: 'Hi',
      });
      await smtp.start();
      clock.advance(mailRetryDelayMs(1));
      await vi.waitFor(
        () =>
          expect(
            smtp.received.filter((mail) => mail.subject === 'Sent by the runner'),
          ).toHaveLength(1),
        // The runner's 50 ms interval, however slow the machine: the bound only ends a broken run.
        { timeout: 20_000 },
      );
    } finally {
      await app.close();
    }
  });
});
