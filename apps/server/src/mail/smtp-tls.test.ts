// Real SMTP as production meets it: a mail server on 127.0.0.1 that offers STARTTLS with a
// certificate made for this run (self-signed, so only trusted once added to Node's CAs, as
// NODE_EXTRA_CA_CERTS does), that refuses AUTH before TLS and every message before AUTH, and that
// knows one user. The product's mailer (createMailer, as main.ts makes it from MAIL_URL) sends
// through it: once, with its Message-ID; a wrong password keeps it waiting until MAIL_URL is put right (535 is retried); a
// server that is down gets it later; a certificate it does not trust, or a server that offers no
// STARTTLS, never sees the password.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../context.ts';
import { mailQueue } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { createMailer, mailRetryDelayMs } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A key and a certificate for 127.0.0.1, valid for a day, made by openssl and kept in memory. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sv-smtp-tls-'));
  try {
    const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const certificate = selfSignedCertificate();
const user = 'vault-mailer';
const password = 'correct-horse-battery';
const from = 'Secure Vault <no-reply@securevault.example>';

/** Node's CAs plus this run's certificate, as NODE_EXTRA_CA_CERTS=cert.pem would make them. */
function trustCertificate(): () => void {
  const before = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...before, certificate.cert]);
  return () => tls.setDefaultCACertificates(before);
}

interface Delivered {
  raw: string;
  mailFrom: string;
  rcptTo: string[];
  isSecure: boolean;
  user: unknown;
}

/** The mail server: records each AUTH (and whether TLS was up) and each message it accepted. */
function mailServer(options: Partial<SMTPServerOptions> = {}) {
  const logins: { username: string; method: string; isSecure: boolean }[] = [];
  const delivered: Delivered[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  async function start() {
    server = new SMTPServer({
      secure: false,
      key: certificate.key,
      cert: certificate.cert,
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: false,
      // The default, said out loud: AUTH before STARTTLS is answered 538.
      allowInsecureAuth: false,
      logger: false,
      ...options,
      onAuth(auth, session, callback) {
        logins.push({
          username: auth.username ?? '',
          method: auth.method,
          isSecure: session.secure,
        });
        if (auth.username === user && auth.password === password) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        }
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          delivered.push({
            raw,
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            isSecure: session.secure,
            user: session.user,
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
  const url = (secret = password) =>
    `smtp://${user}:${encodeURIComponent(secret)}@127.0.0.1:${port}`;
  const withSubject = (subject: string) =>
    delivered.filter((mail) => header(mail.raw, 'Subject') === subject);
  return { logins, delivered, start, stop, url, withSubject, port: () => port };
}

/** One header of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

const mailerFor = (mailUrl: string, clock: Clock = manualClock(new Date())) =>
  createMailer({ db: t.ctx.db, mailUrl, from, logger: createLogger('silent'), clock });

async function kept(subject: string) {
  const [row] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.subject, subject));
  if (!row) throw new Error(`no kept mail "${subject}"`);
  return row;
}

const hashOf = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 12);

/** What the server answers to AUTH sent in plaintext, over a bare socket. */
async function plaintextAuthAnswer(port: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let answers = '';
  socket.on('data', (chunk: string) => (answers += chunk));
  const lineStarting = (code: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${code}: ${answers}`)), 5_000);
      const check = () => {
        if (new RegExp(`^${code} `, 'm').test(answers)) {
          clearTimeout(timer);
          socket.off('data', check);
          resolve();
        }
      };
      socket.on('data', check);
      check();
    });
  try {
    await lineStarting('220');
    socket.write('EHLO plaintext.example\r\n');
    await lineStarting('250');
    answers = '';
    const credentials = Buffer.from(`\0${user}\0${password}`).toString('base64');
    socket.write(`AUTH PLAIN ${credentials}\r\n`);
    await lineStarting('5\\d\\d');
    return answers.trim();
  } finally {
    socket.destroy();
  }
}

describe('SMTP with STARTTLS and AUTH', () => {
  const smtp = mailServer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  it('refuses AUTH before TLS, so a login that worked proves the mailer used STARTTLS', async () => {
    expect(await plaintextAuthAnswer(smtp.port())).toMatch(/^538 .*STARTTLS/);
    expect(smtp.logins).toEqual([]);
  });

  it('checks the certificate: one it does not trust gets no password, and the mail waits', async () => {
    const clock = manualClock(new Date('2026-12-01T09:00:00Z'));
    const mailer = mailerFor(smtp.url(), clock);
    await mailer.send({ to: 'noor@example.com', subject: 'Untrusted server', text: 'Hello' });
    // TLS failed before AUTH: the server never saw the password, nor the message.
    expect(smtp.logins).toEqual([]);
    expect(smtp.withSubject('Untrusted server')).toEqual([]);
    const row = await kept('Untrusted server');
    // Not the server's refusal (no status): tried again, not given up.
    expect(row).toMatchObject({ sentAt: null, givenUpAt: null, attempts: 1, text: 'Hello' });
    expect(row.lastError).toBe(`mail to ${hashOf('noor@example.com')} was not sent`);

    // The operator adds the CA (NODE_EXTRA_CA_CERTS); the next attempt goes.
    const distrust = trustCertificate();
    try {
      clock.advance(mailRetryDelayMs(1));
      expect(await mailer.deliverDue(clock.now())).toBe(1);
    } finally {
      mailer.close();
      distrust();
    }
    expect(smtp.withSubject('Untrusted server')).toHaveLength(1);
    expect(smtp.logins).toEqual([{ username: user, method: 'PLAIN', isSecure: true }]);
  });

  describe('with its certificate trusted', () => {
    let distrust: () => void;
    beforeAll(() => {
      distrust = trustCertificate();
    });
    afterAll(() => distrust());

    it('delivers a message once, after STARTTLS and AUTH, as the mailer wrote it', async () => {
      const clock = manualClock(new Date('2026-12-01T10:00:00Z'));
      const mailer = mailerFor(smtp.url(), clock);
      const logins = smtp.logins.length;
      await mailer.send({
        to: 'amira@example.com',
        subject: 'Your transfer has arrived',
        text: 'You received 250.00 USD from account 1000-0001.',
        html: '<p>You received 250.00 USD from account 1000-0001.</p>',
      });
      mailer.close();

      const row = await kept('Your transfer has arrived');
      expect(row).toMatchObject({ attempts: 1, lastError: null, givenUpAt: null });
      expect(row.sentAt).toEqual(clock.now());
      const copies = smtp.withSubject('Your transfer has arrived');
      expect(copies).toHaveLength(1);
      const [mail] = copies as [Delivered];
      expect(mail).toMatchObject({
        mailFrom: 'no-reply@securevault.example',
        rcptTo: ['amira@example.com'],
        isSecure: true,
        user,
      });
      expect(header(mail.raw, 'From')).toBe(from);
      expect(header(mail.raw, 'To')).toBe('amira@example.com');
      expect(header(mail.raw, 'Message-ID')).toBe(`<${row.id}@securevault.example>`);
      expect(mail.raw).toContain('You received 250.00 USD from account 1000-0001.');
      expect(mail.raw).toContain('<p>You received 250.00 USD from account 1000-0001.</p>');
      expect(smtp.logins.slice(logins)).toEqual([
        { username: user, method: 'PLAIN', isSecure: true },
      ]);
    });

    it('keeps a message the server will not take for a wrong password waiting, and sends it once the password is right', async () => {
      const clock = manualClock(new Date('2026-12-01T11:00:00Z'));
      const mailer = mailerFor(smtp.url('wrong-password'), clock);
      const logins = smtp.logins.length;
      // The caller is not told: the message is kept, with its error, for staff to see.
      await expect(
        mailer.send({ to: 'omar@example.com', subject: 'Wrong password', text: 'Code 123456' }),
      ).resolves.toBeUndefined();
      expect(smtp.logins.slice(logins)).toEqual([
        { username: user, method: 'PLAIN', isSecure: true },
      ]);
      expect(smtp.withSubject('Wrong password')).toEqual([]);
      const row = await kept('Wrong password');
      // A refused sign-in is MAIL_URL's to fix, not the message's: it waits, as for a server down.
      expect(row).toMatchObject({ attempts: 1, sentAt: null, givenUpAt: null });
      expect(row.lastError).toBe(`mail to ${hashOf('omar@example.com')} was not sent (535)`);
      expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + mailRetryDelayMs(1)));
      mailer.close();
      // MAIL_URL put right (the server restarted with it): the next attempt delivers it, once.
      const fixed = mailerFor(smtp.url(), clock);
      clock.advance(mailRetryDelayMs(1));
      expect(await fixed.deliverDue(clock.now())).toBe(1);
      expect(smtp.withSubject('Wrong password')).toHaveLength(1);
      expect(await fixed.deliverDue(clock.now())).toBe(0);
      fixed.close();
    });

    it('keeps a message while the server is down and delivers it once when it is back', async () => {
      const clock = manualClock(new Date('2026-12-01T12:00:00Z'));
      const mailer = mailerFor(smtp.url(), clock);
      await smtp.stop();
      await mailer.send({ to: 'layla@example.com', subject: 'While it was down', text: 'Hi' });
      let row = await kept('While it was down');
      expect(row).toMatchObject({ attempts: 1, sentAt: null, givenUpAt: null });
      expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + mailRetryDelayMs(1)));
      // Not before its time.
      await smtp.start();
      expect(await mailer.deliverDue(clock.now())).toBe(0);
      clock.advance(mailRetryDelayMs(1));
      expect(await mailer.deliverDue(clock.now())).toBe(1);
      clock.advance(60 * 60_000);
      expect(await mailer.deliverDue(clock.now())).toBe(0);
      mailer.close();
      row = await kept('While it was down');
      expect(row).toMatchObject({ attempts: 2, lastError: null, text: '' });
      const copies = smtp.withSubject('While it was down');
      expect(copies).toHaveLength(1);
      expect(header(copies[0]?.raw ?? '', 'Message-ID')).toBe(`<${row.id}@securevault.example>`);
      expect(copies[0]?.isSecure).toBe(true);
    });
  });
});

describe('AUTH LOGIN', () => {
  const smtp = mailServer({ authMethods: ['LOGIN'] });
  let distrust: () => void;
  beforeAll(async () => {
    distrust = trustCertificate();
    await smtp.start();
  });
  afterAll(async () => {
    distrust();
    await smtp.stop();
  });

  it('is used when it is the one the server offers, after STARTTLS', async () => {
    const mailer = mailerFor(smtp.url());
    await mailer.send({ to: 'sami@example.com', subject: 'Over LOGIN', text: 'Hello' });
    mailer.close();
    expect(smtp.logins).toEqual([{ username: user, method: 'LOGIN', isSecure: true }]);
    expect(smtp.withSubject('Over LOGIN')).toHaveLength(1);
  });
});

describe('a server that offers no STARTTLS', () => {
  // What a man in the middle who strips STARTTLS from the greeting looks like to the mailer.
  const smtp = mailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  it('never gets the password: the mailer requires TLS when MAIL_URL has a user', async () => {
    const clock = manualClock(new Date('2026-12-01T13:00:00Z'));
    const mailer = mailerFor(smtp.url(), clock);
    await mailer.send({ to: 'zara@example.com', subject: 'Stripped', text: 'Hello' });
    mailer.close();
    expect(smtp.logins).toEqual([]);
    expect(smtp.delivered).toEqual([]);
    const row = await kept('Stripped');
    // It answered the STARTTLS the mailer insisted on with 500: final like any 5xx, so the
    // message is given up and kept whole, for staff to send again once the server is fixed.
    expect(row).toMatchObject({ sentAt: null, givenUpAt: clock.now(), text: 'Hello' });
    expect(row.lastError).toBe(`mail to ${hashOf('zara@example.com')} was not sent (500)`);
  });

  it('gets it in clear only when MAIL_URL says requireTLS=false', async () => {
    const mailer = mailerFor(`${smtp.url()}?requireTLS=false`);
    await mailer.send({ to: 'zara@example.com', subject: 'Allowed in clear', text: 'Hello' });
    mailer.close();
    expect(smtp.logins).toEqual([{ username: user, method: 'PLAIN', isSecure: false }]);
    expect(smtp.withSubject('Allowed in clear')).toHaveLength(1);
  });
});

describe('a MAIL_URL that turns the certificate check off', () => {
  it('is warned about when the mailer is made', () => {
    const lines: string[] = [];
    const mailer = createMailer({
      db: t.ctx.db,
      mailUrl: 'smtp://u:p@127.0.0.1:1?tls.rejectUnauthorized=false',
      from,
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    mailer.close();
    expect(lines.join('')).toContain('turns off the check of the mail server certificate');
    // A MAIL_URL that leaves the check alone is not.
    lines.length = 0;
    createMailer({
      db: t.ctx.db,
      mailUrl: 'smtp://u:p@127.0.0.1:1',
      from,
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    }).close();
    expect(lines).toEqual([]);
  });
});
