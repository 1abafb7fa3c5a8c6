// Helpers for tests that need accounts: sign up through the API (reading the code from the
// outbox), sign in, make staff, and send requests with a session cookie.
import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { mailOutbox, userRoles } from '../db/schema.ts';
import { backgroundWorkSettled } from '../auth/background-work.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import { totpCode } from '../auth/totp.ts';
import { jsonHeaders, type TestApp } from './test-app.ts';

export const testPassword = 'correct horse battery';

/** A fresh address per call, so tests in one file do not share accounts or limits. */
export function uniqueEmail(label = 'user'): string {
  return `${label}.${Date.now().toString(36)}${randomInt(1e9).toString(36)}@example.com`;
}

/** A fresh client address per call, so per-IP limits only bite where a test wants them to. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface Caller {
  cookie?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An API call as the web app makes it: JSON, the CSRF header, and the session cookie if any. */
export function call(t: TestApp, method: Method, url: string, body?: unknown, caller: Caller = {}) {
  const headers: Record<string, string> = { 'x-requested-with': 'secure-vault', ...caller.headers };
  if (body !== undefined) headers['content-type'] = jsonHeaders['content-type'];
  if (caller.cookie) headers.cookie = `${sessionCookieName}=${caller.cookie}`;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    remoteAddress: caller.ip ?? randomIp(),
  });
}

/** The session token a response set, or undefined. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === sessionCookieName);
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

/** The newest mail to an address, from the outbox (once mail sent after an answer has gone). */
export async function lastMail(t: TestApp, to: string) {
  await backgroundWorkSettled(t.ctx);
  const [mail] = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  return mail;
}

export async function mailCount(t: TestApp, to: string): Promise<number> {
  await backgroundWorkSettled(t.ctx);
  const rows = await t.ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()));
  return rows.length;
}

/** The 6-digit code in the newest mail to an address. */
export async function readCode(t: TestApp, email: string): Promise<string> {
  const mail = await lastMail(t, email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export interface SignedUp {
  email: string;
  password: string;
  userId: string;
  cookie: string;
}

/** Signs up through the API and returns the session of the new account. */
export async function signUp(
  t: TestApp,
  email = uniqueEmail(),
  password = testPassword,
): Promise<SignedUp> {
  const started = await call(t, 'POST', '/auth/sign-up', { email, password });
  if (started.statusCode !== 202) throw new Error(`sign-up: ${started.statusCode} ${started.body}`);
  const code = await readCode(t, email);
  const verified = await call(t, 'POST', '/auth/sign-up/verify', { email, code });
  if (verified.statusCode !== 201)
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const cookie = sessionCookie(verified);
  if (!cookie) throw new Error('no session cookie');
  return { email, password, userId: verified.json().user.id, cookie };
}

export async function signIn(
  t: TestApp,
  email: string,
  password = testPassword,
  totp?: string,
): Promise<string> {
  const res = await call(t, 'POST', '/auth/sign-in', {
    email,
    password,
    ...(totp ? { totp } : {}),
  });
  const cookie = sessionCookie(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** Turns two-factor on through the API; returns the secret and the recovery codes. */
export async function enableTwoFactor(
  t: TestApp,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t, 'POST', '/auth/totp/setup', undefined, { cookie });
  if (setup.statusCode !== 200) throw new Error(`totp setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await call(
    t,
    'POST',
    '/auth/totp/enable',
    { code: totpCode(secret, t.ctx.clock.now()) },
    { cookie },
  );
  if (enabled.statusCode !== 200)
    throw new Error(`totp enable: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().recoveryCodes };
}

export async function grantAdmin(t: TestApp, userId: string): Promise<void> {
  await t.ctx.db.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
}

export interface Staff extends SignedUp {
  secret: string;
}

/** A staff member with two-factor on, signed in. */
export async function signUpStaff(t: TestApp): Promise<Staff> {
  const staff = await signUp(t, uniqueEmail('staff'));
  await grantAdmin(t, staff.userId);
  const { secret } = await enableTwoFactor(t, staff.cookie);
  await backgroundWorkSettled(t.ctx);
  return { ...staff, secret };
}
