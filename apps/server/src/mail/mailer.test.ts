// The outbox's "newest first": the dev mailbox and the tests read the latest code or notice from
// it, so mails kept at the same instant must still come back in the order they were sent.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { mailQueue } from '../db/schema.ts';
import { createMailer, readOutbox } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('lists mails sent at the same instant newest first, in the order they were sent', async () => {
    const to = 'same-instant@example.com';
    const subjects = Array.from({ length: 12 }, (_, n) => `Notice ${n + 1}`);
    // One transaction: every row gets the same created_at, so only the sending order tells them apart.
    await t.ctx.db.transaction(async (tx) => {
      const mailer = createMailer({
        db: tx,
        mailUrl: undefined,
        from: 'Secure Vault <no-reply@securevault.example>',
        logger: createLogger('silent'),
      });
      for (const subject of subjects) await mailer.send({ to, subject, text: subject });
    });

    const listed = await readOutbox(t.ctx.db, to);
    expect(new Set(listed.map((mail) => mail.createdAt)).size).toBe(1);
    expect(listed.map((mail) => mail.subject)).toEqual([...subjects].reverse());
  });
});

describe('the mail log', () => {
  const to = 'Layla.Haddad@Example.com';
  /** What the log may name the recipient by, worked out here rather than by the mailer. */
  const toHash = createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 12);

  function capturedMailer(mailUrl: string | undefined) {
    const lines: string[] = [];
    const mailer = createMailer({
      db: t.ctx.db,
      mailUrl,
      from: 'Secure Vault <no-reply@securevault.example>',
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    return { mailer, log: () => lines.join('').toLowerCase() };
  }

  it('names the recipient of a mail kept in the outbox by a hash, and the outbox keeps the address', async () => {
    const { mailer, log } = capturedMailer(undefined);
    await mailer.send({ to, subject: 'Outbox notice', text: 'Hello' });
    expect(log()).toContain('mail kept in the outbox');
    expect(log()).toContain(`"tohash":"${toHash}"`);
    expect(log()).not.toContain('layla');
    expect(log()).not.toContain('example.com');
    const [kept] = await readOutbox(t.ctx.db, to);
    expect(kept).toMatchObject({ to: 'layla.haddad@example.com', subject: 'Outbox notice' });
  });

  describe('over SMTP', () => {
    let smtp: SMTPServer;
    let mailUrl: string;
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          // Like real servers, the refusal quotes the address.
          if (address.address.startsWith('refused')) {
            const refusal = new Error(`mailbox unavailable: ${address.address}`);
            callback(Object.assign(refusal, { responseCode: 550 }));
          } else callback();
        },
        onData(stream, _session, callback) {
          stream.on('data', () => {});
          stream.on('end', () => callback());
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      mailUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

    it('names the recipient of a sent mail by a hash', async () => {
      const { mailer, log } = capturedMailer(mailUrl);
      await mailer.send({ to, subject: 'Sent notice', text: 'Hello' });
      mailer.close();
      expect(log()).toContain('mail sent');
      expect(log()).toContain(`"tohash":"${toHash}"`);
      expect(log()).not.toContain('layla');
      expect(log()).not.toContain('example.com');
    });

    it('keeps a refused mail with its error, given up, without the address the server quoted', async () => {
      const refused = 'refused.customer@example.com';
      const { mailer, log } = capturedMailer(mailUrl);
      await mailer.send({ to: refused, subject: 'Refused', text: 'Hi' });
      mailer.close();
      const [kept] = await t.ctx.db
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.subject, 'Refused'));
      const hash = createHash('sha256').update(refused).digest('hex').slice(0, 12);
      // 550 is the server's final word: not tried again, kept for staff to see.
      expect(kept).toMatchObject({ sentAt: null, attempts: 1 });
      expect(kept?.givenUpAt).toBeInstanceOf(Date);
      expect(kept?.lastError).toBe(`mail to ${hash} was not sent (550)`);
      expect(log()).toContain('given up');
      expect(log()).not.toContain('refused.customer');
    });
  });
});
