// The client address and the User-Agent as the server keeps them (DESIGN §4, client addresses):
// no proxy is trusted unless TRUST_PROXY names it, so a forged X-Forwarded-For neither moves a
// caller to a fresh rate-limit bucket nor reaches the audit log; behind a named proxy the
// right-most entry it added is the client; only a parsed address is stored, and header text is
// stored as one clean line.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { sessionCookie, testPassword, uniqueEmail } from '../test/auth-helpers.ts';
import { createTestApp, jsonHeaders, type TestApp } from '../test/test-app.ts';
import { createAccount } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { sessionCookieName } from './sessions.ts';
import { limits } from './rate-limit.ts';
import { canonicalIp } from './request-meta.ts';

let direct: TestApp;
let behindProxy: TestApp;
let passwordHash: string;
beforeAll(async () => {
  // Production as deployed without TRUST_PROXY (mail to a server that is never reached).
  direct = await createTestApp({
    env: { NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:1' },
  });
  behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
  passwordHash = await hashPassword(testPassword);
});
afterAll(async () => {
  await direct.close();
  await behindProxy.close();
});

const hostile = '=HYPERLINK("http://evil.example")';
let forged = 0;
/** A different X-Forwarded-For address every call. */
const nextForgedAddress = () => {
  forged += 1;
  return `198.51.${Math.floor(forged / 250)}.${(forged % 250) + 1}`;
};

function signIn(
  t: TestApp,
  body: { email: string; password: string },
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers: { ...jsonHeaders, ...headers },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

/** An account that signs in with testPassword (made directly: production sends no codes here). */
async function account(t: TestApp): Promise<{ userId: string; email: string }> {
  const email = uniqueEmail();
  const { userId } = await createAccount(t.ctx.db, {
    email,
    passwordHash,
    roles: ['user'],
    now: t.ctx.clock.now(),
  });
  return { userId, email };
}

async function auditIps(t: TestApp, userId: string, action: string) {
  const rows = await t.ctx.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
  return rows.map((row) => row.ip);
}

describe('with no proxy trusted (the default, production included)', () => {
  it('keeps a caller in its rate-limit bucket whatever X-Forwarded-For says', async () => {
    const body = { email: uniqueEmail('forger'), password: 'wrong password' };
    const answers: number[] = [];
    for (let i = 0; i <= limits.signInPair.max; i += 1) {
      const res = await signIn(direct, body, '10.20.30.40', {
        'x-forwarded-for': nextForgedAddress(),
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array(limits.signInPair.max).fill(401), 429]);
  });

  it('stores the connection’s address in the audit log, never a forged header', async () => {
    const user = await account(direct);
    for (const header of [hostile, '127.0.0.1', `${hostile}, 203.0.113.9`]) {
      const res = await signIn(direct, { email: user.email, password: testPassword }, '10.9.8.7', {
        'x-forwarded-for': header,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await auditIps(direct, user.userId, 'auth.sign_in')).toEqual([
      '10.9.8.7',
      '10.9.8.7',
      '10.9.8.7',
    ]);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('takes the right-most X-Forwarded-For entry as the client', async () => {
    const body = { email: uniqueEmail('behind'), password: 'wrong password' };
    const proxy = '10.0.0.2';
    // Entries the client wrote itself (left of the proxy's) change nothing.
    const refused: number[] = [];
    for (let i = 0; i <= limits.signInPair.max; i += 1) {
      const res = await signIn(behindProxy, body, proxy, {
        'x-forwarded-for': `${nextForgedAddress()}, 203.0.113.50`,
      });
      refused.push(res.statusCode);
    }
    expect(refused.at(-1)).toBe(429);
    // The entry the proxy added is the client: another one is another bucket.
    expect(
      (await signIn(behindProxy, body, proxy, { 'x-forwarded-for': '203.0.113.51' })).statusCode,
    ).toBe(401);

    const user = await account(behindProxy);
    const signInFrom = (header: string) =>
      signIn(behindProxy, { email: user.email, password: testPassword }, proxy, {
        'x-forwarded-for': header,
      });
    expect((await signInFrom(`${hostile}, 203.0.113.7`)).statusCode).toBe(200);
    // Stored in one spelling, and nothing that is not an address.
    expect((await signInFrom('2001:DB8:0:0::0:1')).statusCode).toBe(200);
    expect((await signInFrom(`203.0.113.7, ${hostile}`)).statusCode).toBe(200);
    expect((await signInFrom('::ffff:192.0.2.33')).statusCode).toBe(200);
    expect(await auditIps(behindProxy, user.userId, 'auth.sign_in')).toEqual([
      '203.0.113.7',
      '2001:db8::1',
      null,
      '192.0.2.33',
    ]);
  });
});

describe('canonicalIp', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:DB8::0:1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    [hostile, null],
    ['192.0.2.1, 192.0.2.2', null],
    ['0192.0.2.1', null],
    ['', null],
    [undefined, null],
  ])('reads %j as %j', (value, expected) => {
    expect(canonicalIp(value)).toBe(expected);
  });
});

describe('the User-Agent', () => {
  it('is stored as one line without control characters, as the sessions list shows', async () => {
    const user = await account(direct);
    const res = await signIn(direct, { email: user.email, password: testPassword }, '10.1.1.1', {
      'user-agent': 'Evil\u0000Browser\u001b[2J/1.0\r\nX-Injected: yes\u0085\u202eend',
    });
    const cookie = sessionCookie(res);
    expect(res.statusCode).toBe(200);
    const list = await direct.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      cookies: { [sessionCookieName]: cookie ?? '' },
    });
    expect(list.statusCode).toBe(200);
    const agents = list.json<{ userAgent: string | null; isCurrent: boolean }[]>();
    expect(agents.find((session) => session.isCurrent)?.userAgent).toBe(
      'Evil Browser [2J/1.0 X-Injected: yes end',
    );
  });

  it('made only of control characters is stored as none', async () => {
    const user = await account(direct);
    const res = await signIn(direct, { email: user.email, password: testPassword }, '10.1.1.2', {
      'user-agent': '\u0000\u001b\n',
    });
    const list = await direct.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      cookies: { [sessionCookieName]: sessionCookie(res) ?? '' },
    });
    expect(list.json<{ userAgent: string | null }[]>().map((s) => s.userAgent)).not.toContain(
      '\u0000\u001b\n',
    );
    expect(
      list.json<{ userAgent: string | null; isCurrent: boolean }[]>().find((s) => s.isCurrent)
        ?.userAgent,
    ).toBeNull();
  });
});
