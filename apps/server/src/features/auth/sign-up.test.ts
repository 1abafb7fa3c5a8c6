import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isValidAccountNumber } from '@secure-vault/shared';
import { auditLog, pendingSignUps, profiles, userRoles, users } from '../../db/schema.ts';
import { codeLifetimeMs, codeMaxAttempts, codeResendAfterMs } from '../../auth/one-time-codes.ts';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { limits } from '../../auth/rate-limit.ts';
import {
  call,
  lastMail,
  mailCount,
  randomIp,
  readCode,
  sessionCookie,
  signUp,
  testPassword,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const start = (email: string, ip?: string) =>
  call(t, 'POST', '/auth/sign-up', { email, password: testPassword }, ip ? { ip } : {});
const verify = (email: string, code: string) =>
  call(t, 'POST', '/auth/sign-up/verify', { email, code });
const resend = (email: string, ip?: string) =>
  call(t, 'POST', '/auth/sign-up/resend', { email }, ip ? { ip } : {});
/**
 * Time passes only once the work earlier requests left to run after their answers is done: a
 * step minutes later in the story must not race that work, as it never could for a real user.
 */
async function later(ms: number): Promise<void> {
  await backgroundWorkSettled(t.ctx);
  clock.advance(ms);
}
/** A code that is not the real one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up', () => {
  it('emails a 6-digit code and creates nothing but a pending sign-up', async () => {
    const email = uniqueEmail();
    const res = await start(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    expect(sessionCookie(res)).toBeUndefined();
    const mail = await lastMail(t, email);
    expect(mail?.subject).toBe('Your verification code — Secure Vault');
    expect(mail?.subject).not.toMatch(/\d{6}/);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const [pending] = await t.ctx.db
      .select()
      .from(pendingSignUps)
      .where(eq(pendingSignUps.email, email));
    expect(pending?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('mails in Arabic when the page is in Arabic', async () => {
    const email = uniqueEmail();
    await call(
      t,
      'POST',
      '/auth/sign-up',
      { email, password: testPassword },
      { headers: { 'accept-language': 'ar' } },
    );
    expect((await lastMail(t, email))?.subject).toContain('رمز التحقق');
  });

  it('creates the user, the profile, the role and a session when the code is verified', async () => {
    const email = uniqueEmail();
    await start(email.toUpperCase());
    const code = await readCode(t, email);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      user: { id: expect.any(String), email },
      isAdmin: false,
      impersonatedBy: null,
      hasTwoFactor: false,
      hasPasskey: false,
    });
    expect(sessionCookie(res)).toBeDefined();

    const [profile] = await t.ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, body.user.id));
    expect(profile).toMatchObject({
      email,
      fullName: null,
      bookBalance: '0',
      kycCompleted: false,
      dateOfBirth: null,
      country: null,
      phoneNumber: null,
    });
    expect(isValidAccountNumber(profile?.accountNumber ?? '')).toBe(true);
    const roles = await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, body.user.id));
    expect(roles.map((r) => r.role)).toEqual(['user']);
    expect(
      await t.ctx.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, email)),
    ).toHaveLength(0);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, body.user.id), eq(auditLog.action, 'auth.sign_up')));
    expect(audit).toHaveLength(1);

    const session = await call(t, 'GET', '/auth/session', undefined, {
      cookie: sessionCookie(res),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(body);
  });

  it('gives every account a different account number', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const numbers = await t.ctx.db
      .select({ n: profiles.accountNumber, id: profiles.userId })
      .from(profiles);
    const mine = numbers.filter((row) => row.id === a.userId || row.id === b.userId);
    expect(new Set(mine.map((row) => row.n)).size).toBe(2);
  });

  it('answers an address that has an account the same way, and mails it a notice instead of a code', async () => {
    const existing = await signUp(t);
    const before = await mailCount(t, existing.email);
    await later(codeResendAfterMs);
    const res = await start(existing.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    expect(await mailCount(t, existing.email)).toBe(before + 1);
    const mail = await lastMail(t, existing.email);
    expect(mail?.subject).toBe('You already have an account — Secure Vault');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    // And the password of the existing account is untouched.
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, existing.email));
    expect(
      await t.ctx.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, existing.email)),
    ).toHaveLength(0);
    expect(user).toBeDefined();
  });

  it('refuses a code after 10 minutes', async () => {
    const email = uniqueEmail();
    await start(email);
    const code = await readCode(t, email);
    await later(codeLifetimeMs);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('accepts a code just before 10 minutes', async () => {
    const email = uniqueEmail();
    await start(email);
    const code = await readCode(t, email);
    await later(codeLifetimeMs - 1000);
    expect((await verify(email, code)).statusCode).toBe(201);
  });

  it(`refuses the right code after ${codeMaxAttempts} wrong tries`, async () => {
    const email = uniqueEmail();
    await start(email);
    const code = await readCode(t, email);
    for (let i = 0; i < codeMaxAttempts; i++) {
      const res = await verify(email, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('CODE_INVALID');
    }
    const sixth = await verify(email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.code).toBe('CODE_EXPIRED');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('accepts the right code after four wrong tries', async () => {
    const email = uniqueEmail();
    await start(email);
    const code = await readCode(t, email);
    for (let i = 0; i < codeMaxAttempts - 1; i++) await verify(email, wrong(code));
    expect((await verify(email, code)).statusCode).toBe(201);
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail();
    await start(email);
    const code = await readCode(t, email);
    expect((await verify(email, code)).statusCode).toBe(201);
    const replay = await verify(email, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('CODE_INVALID');
  });

  it('lets only one of two simultaneous verifications through', async () => {
    const email = uniqueEmail();
    await start(email);
    const code = await readCode(t, email);
    const results = await Promise.all([
      verify(email, code),
      verify(email, code),
      verify(email, code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('sends one code for simultaneous requests within the minute', async () => {
    // A sign-up is waiting, so whichever of the three wins the minute (a resend may), it mails
    // exactly one code; with none waiting, a winning resend would rightly mail nothing.
    const email = uniqueEmail();
    await start(email);
    const before = await mailCount(t, email);
    await later(codeResendAfterMs);
    const results = await Promise.all([start(email), start(email), resend(email)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 429, 429]);
    expect(await mailCount(t, email)).toBe(before + 1);
    expect((await verify(email, await readCode(t, email))).statusCode).toBe(201);
  });

  it('keeps the first password of a sign-up awaiting its code: a second sign-up cannot replace it', async () => {
    const email = uniqueEmail();
    const first = await call(t, 'POST', '/auth/sign-up', { email, password: 'owner password A' });
    await later(codeResendAfterMs);
    const second = await call(t, 'POST', '/auth/sign-up', {
      email,
      password: 'intruder password B',
    });
    // The second sign-up is answered exactly like the first and mails the address a new code.
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(await mailCount(t, email)).toBe(2);
    expect((await verify(email, await readCode(t, email))).statusCode).toBe(201);

    const withA = await call(t, 'POST', '/auth/sign-in', { email, password: 'owner password A' });
    expect(withA.statusCode).toBe(200);
    const withB = await call(t, 'POST', '/auth/sign-in', {
      email,
      password: 'intruder password B',
    });
    expect(withB.statusCode).toBe(401);
  });

  it('keeps the first password while resent codes keep the sign-up waiting', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/auth/sign-up', { email, password: 'owner password A' });
    await later(codeLifetimeMs - 60_000);
    expect((await resend(email)).statusCode).toBe(202);
    // Past the first code's lifetime, but the resent code is still live.
    await later(2 * 60_000);
    await call(t, 'POST', '/auth/sign-up', { email, password: 'intruder password B' });
    expect((await verify(email, await readCode(t, email))).statusCode).toBe(201);
    expect(
      (await call(t, 'POST', '/auth/sign-in', { email, password: 'owner password A' })).statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'POST', '/auth/sign-in', { email, password: 'intruder password B' }))
        .statusCode,
    ).toBe(401);
  });

  it('starts afresh, with the new password, once the waiting sign-up has expired', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/auth/sign-up', { email, password: 'forgotten password' });
    await later(codeLifetimeMs);
    await call(t, 'POST', '/auth/sign-up', { email, password: 'chosen again later' });
    expect((await verify(email, await readCode(t, email))).statusCode).toBe(201);
    expect(
      (await call(t, 'POST', '/auth/sign-in', { email, password: 'chosen again later' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a code sent for another address', async () => {
    const a = uniqueEmail();
    const b = uniqueEmail();
    await start(a);
    await start(b);
    const res = await verify(b, await readCode(t, a));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a resend within 60 seconds, then sends a new code that replaces the old one', async () => {
    const email = uniqueEmail();
    await start(email);
    const first = await readCode(t, email);
    const tooSoon = await resend(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('CODE_TOO_SOON');
    // A second sign-up in the same minute counts as a send too.
    expect((await start(email)).json().error.code).toBe('CODE_TOO_SOON');

    await later(codeResendAfterMs);
    const res = await resend(email);
    expect(res.statusCode).toBe(202);
    const second = await readCode(t, email);
    if (second !== first) {
      expect((await verify(email, first)).json().error.code).toBe('CODE_INVALID');
    }
    expect((await verify(email, second)).statusCode).toBe(201);
  });

  it('answers a resend for an unknown address with 202 and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await resend(email);
    expect(res.statusCode).toBe(202);
    expect(await mailCount(t, email)).toBe(0);
  });

  it(`sends at most ${limits.codeSendEmail.max} codes an hour to one address`, async () => {
    const email = uniqueEmail();
    for (let i = 0; i < limits.codeSendEmail.max; i++) {
      expect((await start(email)).statusCode).toBe(202);
      await later(codeResendAfterMs);
    }
    const limited = await start(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    await later(limits.codeSendEmail.windowMs);
    expect((await start(email)).statusCode).toBe(202);
  });

  it(`sends at most ${limits.codeSendIp.max} codes an hour for one IP`, async () => {
    const ip = randomIp();
    for (let i = 0; i < limits.codeSendIp.max; i++) {
      expect((await start(uniqueEmail(), ip)).statusCode).toBe(202);
    }
    expect((await start(uniqueEmail(), ip)).json().error.code).toBe('RATE_LIMITED');
    expect((await start(uniqueEmail())).statusCode).toBe(202);
  });

  it('refuses a short password and a bad address with their message keys', async () => {
    const res = await call(t, 'POST', '/auth/sign-up', { email: 'nope', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      { path: 'body.email', message: 'auth:errors.emailInvalid' },
      { path: 'body.password', message: 'auth:errors.passwordTooShort' },
    ]);
    const code = await call(t, 'POST', '/auth/sign-up/verify', {
      email: uniqueEmail(),
      code: '12ab56',
    });
    expect(code.json().error.issues).toEqual([
      { path: 'body.code', message: 'auth:errors.codeInvalid' },
    ]);
  });

  it('is refused without the application header (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: testPassword }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });
});
