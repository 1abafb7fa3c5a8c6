import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, mailOutbox } from '../../db/schema.ts';
import { passwordResetLifetimeMs } from '../../auth/auth-tokens.ts';
import { limits } from '../../auth/rate-limit.ts';
import { totpCode } from '../../auth/totp.ts';
import {
  call,
  enableTwoFactor,
  lastMail,
  mailCount,
  randomIp,
  sessionCookie,
  signIn,
  signUp,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const me = (cookie: string | undefined) => call(t, 'GET', '/auth/session', undefined, { cookie });
const requestReset = (email: string) => call(t, 'POST', '/auth/password-reset', { email });
const completeReset = (body: Record<string, string>, ip?: string) =>
  call(t, 'POST', '/auth/password-reset/complete', body, ip ? { ip } : {});
const checkLink = (token: string, ip?: string) =>
  call(t, 'POST', '/auth/password-reset/check', { token }, ip ? { ip } : {});

async function resetToken(email: string): Promise<string> {
  const mail = await lastMail(t, email);
  const token = mail?.text.match(/\/update-password#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no reset link');
  return token;
}

async function audited(userId: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
}

describe('change password', () => {
  it('keeps this session, ends every other one, and the new password works', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email);
    const res = await call(
      t,
      'POST',
      '/auth/password',
      { currentPassword: user.password, newPassword: 'a new password' },
      { cookie: user.cookie },
    );
    expect(res.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect(
      (await call(t, 'POST', '/auth/sign-in', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    await signIn(t, user.email, 'a new password');
    const [row] = await audited(user.userId, 'auth.password_changed');
    expect(row?.details).toEqual({ revokedSessions: 1 });
  });

  it('refuses a wrong current password with PASSWORD_INCORRECT and changes nothing', async () => {
    const user = await signUp(t);
    const res = await call(
      t,
      'POST',
      '/auth/password',
      { currentPassword: 'not my password', newPassword: 'a new password' },
      { cookie: user.cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PASSWORD_INCORRECT');
    await signIn(t, user.email);
  });

  it('needs a session and refuses a short new password', async () => {
    const anonymous = await call(t, 'POST', '/auth/password', {
      currentPassword: 'x',
      newPassword: 'a new password',
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await signUp(t);
    const short = await call(
      t,
      'POST',
      '/auth/password',
      { currentPassword: user.password, newPassword: '12345' },
      { cookie: user.cookie },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error.issues).toEqual([
      { path: 'body.newPassword', message: 'auth:errors.passwordTooShort' },
    ]);
  });
});

describe('password reset', () => {
  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const user = await signUp(t);
    const known = await requestReset(user.email);
    const unknownEmail = uniqueEmail();
    const unknown = await requestReset(unknownEmail);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount(t, unknownEmail)).toBe(0);
    const mail = await lastMail(t, user.email);
    expect(mail?.subject).toBe('Reset your password — Secure Vault');
    expect(mail?.text).toContain(`${t.ctx.config.appUrl}/update-password#token=`);
  });

  it('sets the new password, ends every session, signs in afresh, and works once', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email);
    await requestReset(user.email);
    const token = await resetToken(user.email);
    const res = await completeReset({ token, password: 'reset password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.userId, email: user.email } });
    const fresh = sessionCookie(res);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    await signIn(t, user.email, 'reset password');

    const replay = await completeReset({ token, password: 'another password' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('TOKEN_INVALID');
    expect(await audited(user.userId, 'auth.password_reset')).toHaveLength(1);
  });

  it('refuses an earlier link once a newer one is sent, and accepts the newer one', async () => {
    const user = await signUp(t);
    await requestReset(user.email);
    const first = await resetToken(user.email);
    await requestReset(user.email);
    const second = await resetToken(user.email);
    expect(second).not.toBe(first);

    expect((await checkLink(first)).json().error.code).toBe('TOKEN_INVALID');
    const old = await completeReset({ token: first, password: 'from the old link' });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('TOKEN_INVALID');
    const res = await completeReset({ token: second, password: 'from the new link' });
    expect(res.statusCode).toBe(200);
    await signIn(t, user.email, 'from the new link');
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await signUp(t);
    await requestReset(user.email);
    const token = await resetToken(user.email);
    clock.advance(passwordResetLifetimeMs);
    expect((await completeReset({ token, password: 'reset password' })).json().error.code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('refuses a made-up token', async () => {
    const res = await completeReset({ token: 'x'.repeat(43), password: 'reset password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TOKEN_INVALID');
  });

  it('asks for the authenticator code when two-factor is on, and keeps the link usable until then', async () => {
    const user = await signUp(t);
    const { secret } = await enableTwoFactor(t, user.cookie);
    await requestReset(user.email);
    const token = await resetToken(user.email);
    const missing = await completeReset({ token, password: 'reset password' });
    expect(missing.json().error.code).toBe('TOTP_REQUIRED');
    const wrong = await completeReset({ token, password: 'reset password', totp: '000000' });
    expect(wrong.json().error.code).toBe('TOTP_INVALID');
    clock.advance(30_000);
    const ok = await completeReset({
      token,
      password: 'reset password',
      totp: totpCode(secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('counts wrong codes together with those at sign-in: a link gives no fresh budget', async () => {
    const user = await signUp(t);
    const { secret } = await enableTwoFactor(t, user.cookie);
    const ip = randomIp();
    for (let i = 0; i < limits.secondFactorPair.max; i++) {
      const res = await call(
        t,
        'POST',
        '/auth/sign-in',
        { email: user.email, password: user.password, totp: '000000' },
        { ip },
      );
      expect(res.json().error.code).toBe('TOTP_INVALID');
    }
    await requestReset(user.email);
    const token = await resetToken(user.email);
    const limited = await completeReset({ token, password: 'reset password', totp: '000000' }, ip);
    expect(limited.statusCode).toBe(429);
    clock.advance(30_000);
    const totp = totpCode(secret, clock.now());
    expect((await completeReset({ token, password: 'reset password', totp }, ip)).statusCode).toBe(
      429,
    );
    // From another address the owner's code works, and the link with it.
    expect((await completeReset({ token, password: 'reset password', totp })).statusCode).toBe(200);
  });

  it(`mails at most ${limits.passwordResetEmail.max} links an hour to one address`, async () => {
    const user = await signUp(t);
    for (let i = 0; i < limits.passwordResetEmail.max; i++)
      expect((await requestReset(user.email)).statusCode).toBe(202);
    const limited = await requestReset(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // The same for an address without an account: the limit says nothing about existence.
    const unknown = uniqueEmail();
    for (let i = 0; i < limits.passwordResetEmail.max; i++) await requestReset(unknown);
    expect((await requestReset(unknown)).statusCode).toBe(429);
  });

  it('stops working once the password is changed another way', async () => {
    const user = await signUp(t);
    await requestReset(user.email);
    const token = await resetToken(user.email);
    await call(
      t,
      'POST',
      '/auth/password',
      { currentPassword: user.password, newPassword: 'changed meanwhile' },
      { cookie: user.cookie },
    );
    expect((await completeReset({ token, password: 'reset password' })).json().error.code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('says whether a link still works when its page opens, without using it up', async () => {
    const user = await signUp(t);
    await requestReset(user.email);
    const token = await resetToken(user.email);
    for (let i = 0; i < 2; i++) {
      const fresh = await checkLink(token);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual({ requiresTotp: false, requiresPasskey: false });
    }
    expect((await completeReset({ token, password: 'reset password' })).statusCode).toBe(200);
    // Used, expired, made up: the page says so before the form is filled in.
    expect((await checkLink(token)).json().error.code).toBe('TOKEN_INVALID');
    await requestReset(user.email);
    const expiring = await resetToken(user.email);
    clock.advance(passwordResetLifetimeMs);
    expect((await checkLink(expiring)).json().error.code).toBe('TOKEN_INVALID');
    expect((await checkLink('x'.repeat(43))).json().error.code).toBe('TOKEN_INVALID');
    expect((await checkLink('short')).statusCode).toBe(400);
  });

  it('tells the form to ask for the authenticator code from the start when two-factor is on', async () => {
    const user = await signUp(t);
    await enableTwoFactor(t, user.cookie);
    await requestReset(user.email);
    const res = await checkLink(await resetToken(user.email));
    expect(res.json()).toEqual({ requiresTotp: true, requiresPasskey: false });
  });

  it(`checks at most ${limits.passwordResetCheckIp.max} links an hour from one address`, async () => {
    const ip = randomIp();
    const token = 'x'.repeat(43);
    for (let i = 0; i < limits.passwordResetCheckIp.max; i++) {
      expect((await checkLink(token, ip)).statusCode).toBe(400);
    }
    const limited = await checkLink(token, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await checkLink(token)).statusCode).toBe(400);
  });

  it('keeps the mail outbox free of other addresses', async () => {
    const rows = await t.ctx.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(rows.every((row) => row.to.endsWith('@example.com'))).toBe(true);
  });
});
