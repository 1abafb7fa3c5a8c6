import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { contactMessages, mailOutbox } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp, jsonHeaders, manualClock, type TestApp } from '../../test/test-app.ts';
import { contactRateLimit } from './send-contact-message.ts';

const clock = manualClock();
/** What the server logs, to check that a refused message leaves none of the sender's details. */
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
  t = await createTestApp({ clock, logger });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(contactMessages);
  await t.ctx.db.delete(mailOutbox);
  clock.advance(24 * 60 * 60 * 1000);
});

const message = {
  fullName: 'Layla Haddad',
  email: 'Layla@Example.com',
  phone: '+971 50 123 4567',
  enquiry: 'I would like to store a collection of gold coins.',
};

function send(body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: { ...jsonHeaders, ...headers },
    body: JSON.stringify(body),
    remoteAddress: ip,
  });
}

/** The dev mailbox for an address, once any mail sent after an answer has gone. */
async function mailbox(to: string) {
  await backgroundWorkSettled(t.ctx);
  const res = await t.app.inject({ url: `/api/v1/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ to: string; subject: string; text: string }[]>();
}

describe('POST /api/v1/contact', () => {
  it('stores the message and mails the team and the sender', async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);

    const [stored] = await t.ctx.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      fullName: 'Layla Haddad',
      email: 'Layla@Example.com',
      language: 'en',
    });
    expect(stored?.ipHash).not.toContain('203.0.113.7');

    const team = await mailbox(t.ctx.config.contactInbox);
    expect(team).toHaveLength(1);
    expect(team[0]?.subject).toBe('New enquiry from Layla Haddad');
    expect(team[0]?.text).toContain(message.enquiry);

    const sender = await mailbox('layla@example.com');
    expect(sender[0]?.subject).toContain('We received your message');
  });

  it('puts Arabic first in the acknowledgement when the page is in Arabic', async () => {
    await send(message, { 'accept-language': 'ar' });
    const [confirmation] = await mailbox('layla@example.com');
    expect(confirmation?.subject).toBe('تلقّينا رسالتك · We received your message — Secure Vault');
    expect(confirmation?.text).toMatch(/^مرحباً،/);
    expect(confirmation?.text).toContain('خلال 24 ساعة');
    expect(confirmation?.text).toContain('will reply within 24 hours');
  });

  it('acknowledges the named address with fixed text in both languages, quoting nothing the caller wrote', async () => {
    const hostile = {
      fullName: 'Your account is locked https://evil.example/login',
      email: 'victim@example.com',
      phone: '+971 50 123 4567',
      enquiry: 'Verify your vault now at https://evil.example/verify or lose your gold.',
    };
    expect((await send(hostile)).statusCode).toBe(201);

    const [team] = await mailbox(t.ctx.config.contactInbox);
    expect(team?.text).toContain(hostile.enquiry);
    const [ack] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, hostile.email));
    expect(ack?.subject).toBe('We received your message · تلقّينا رسالتك — Secure Vault');
    expect(ack?.text).toContain('will reply within 24 hours');
    expect(ack?.text).toContain('خلال 24 ساعة');
    for (const part of [ack?.subject, ack?.text, ack?.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('locked');
      expect(part).not.toContain('lose your gold');
    }

    // The same mail whatever was written: only the page's language comes first.
    await t.ctx.db.delete(mailOutbox);
    await send({ ...message, email: hostile.email }, {}, '198.51.100.9');
    const [other] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, hostile.email));
    expect(other && { subject: other.subject, text: other.text, html: other.html }).toEqual(
      ack && { subject: ack.subject, text: ack.text, html: ack.html },
    );
  });

  it.each([
    ['fullName', 'L', 'contact:errors.fullName'],
    ['email', 'not-an-email', 'contact:errors.email'],
    ['phone', '123', 'contact:errors.phone'],
    ['enquiry', 'short', 'contact:errors.enquiry'],
  ])('refuses a bad %s with its message key and stores nothing', async (field, value, key) => {
    const res = await send({ ...message, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: `body.${field}`, message: key }],
    });
    const [row] = await t.ctx.db.select({ n: count() }).from(contactMessages);
    expect(row?.n).toBe(0);
  });

  it.each([
    ['fullName', 'a\u0000b'],
    ['fullName', 'Gold desk \ud800'],
    ['fullName', 'Gold\ndesk'],
    ['fullName', 'Gold \u202eksed'],
    ['fullName', 'Gold \u2066desk'],
    ['phone', '+971 50 123 4567\u0007'],
    ['phone', '+971 50 123\u0085 4567'],
    ['enquiry', 'I would like to store \u0000 gold coins.'],
    ['enquiry', 'I would like to store gold coins \udc00.'],
    ['enquiry', 'I would like to store\rgold coins.'],
    ['enquiry', 'I would like to store gold coins.\u007f'],
  ])(
    'refuses %s = %j with 400 naming the field; stores, mails and logs nothing',
    async (field, value) => {
      logLines.length = 0;
      const secret = 'sender.private@example.com';
      const res = await send({ ...message, email: secret, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION',
        issues: [{ path: `body.${field}`, message: 'common:errors.textInvalid' }],
      });
      const [stored] = await t.ctx.db.select({ n: count() }).from(contactMessages);
      expect(stored?.n).toBe(0);
      const [mailed] = await t.ctx.db.select({ n: count() }).from(mailOutbox);
      expect(mailed?.n).toBe(0);
      const log = logLines.join('\n');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('+971');
      expect(log).not.toMatch(/"level":50/);
    },
  );

  it('keeps line breaks, tabs and Arabic with its direction marks, as typed', async () => {
    const enquiry = 'Two lines:\r\n\tgold and silver.\nذهب \u200f123\u200f وفضة \u2067RTL\u2069.';
    const fullName = 'مكتب \u200eالذهب 👩‍💼';
    const res = await send({ ...message, fullName, enquiry });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await t.ctx.db.select().from(contactMessages);
    expect(stored?.fullName).toBe(fullName);
    // CRLF is stored as the LF the web form sends; nothing else changes.
    expect(stored?.enquiry).toBe(enquiry.replace('\r\n', '\n'));
  });

  it('names every missing field', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(400);
    const keys = res.json().error.issues.map((i: { message: string }) => i.message);
    expect(keys).toEqual([
      'contact:errors.fullName',
      'contact:errors.email',
      'contact:errors.phone',
      'contact:errors.enquiry',
    ]);
  });

  it(`limits one address to ${contactRateLimit.max} messages in ten minutes`, async () => {
    for (let i = 0; i < contactRateLimit.max; i++) {
      expect((await send(message)).statusCode).toBe(201);
    }
    const limited = await send(message);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await send(message, {}, '198.51.100.1')).statusCode).toBe(201);

    clock.advance(contactRateLimit.windowMs + 1000);
    expect((await send(message)).statusCode).toBe(201);
  });

  it('holds the limit when the messages arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: contactRateLimit.max * 2 }, () => send(message, {}, '192.0.2.44')),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(contactRateLimit.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(contactRateLimit.max);
    const [stored] = await t.ctx.db.select({ n: count() }).from(contactMessages);
    expect(stored?.n).toBe(contactRateLimit.max);
  });
});
