import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, sessions } from '../../db/schema.ts';
import { limits } from '../../auth/rate-limit.ts';
import { lastSeenResolutionMs, sessionAbsoluteMs, sessionIdleMs } from '../../auth/sessions.ts';
import { totpCode } from '../../auth/totp.ts';
import {
  call,
  enableTwoFactor,
  randomIp,
  sessionCookie,
  signIn,
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

const signInRaw = (body: Record<string, string>, ip?: string) =>
  call(t, 'POST', '/auth/sign-in', body, ip ? { ip } : {});
const me = (cookie: string | undefined) => call(t, 'GET', '/auth/session', undefined, { cookie });

async function auditActions(userId: string) {
  const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectUserId, userId));
  return rows.map((row) => row.action);
}

describe('sign-in', () => {
  it('sets the session cookie with __Host- name, HttpOnly, Secure, SameSite=Lax and Path=/', async () => {
    const user = await signUp(t);
    const res = await signInRaw({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.userId, email: user.email },
      isAdmin: false,
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('Secure');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Domain=');
    expect(header).toContain(`Max-Age=${sessionAbsoluteMs / 1000}`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the token', async () => {
    const user = await signUp(t);
    const cookie = await signIn(t, user.email);
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows.some((row) => row.tokenHash === cookie)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('gives a new token at every sign-in and ends the session the browser held before', async () => {
    const user = await signUp(t);
    const res = await call(
      t,
      'POST',
      '/auth/sign-in',
      { email: user.email, password: user.password },
      { cookie: user.cookie },
    );
    const fresh = sessionCookie(res);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(user.cookie);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const user = await signUp(t);
    const wrongPassword = await signInRaw({ email: user.email, password: 'not the password' });
    const unknown = await signInRaw({ email: uniqueEmail(), password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(unknown.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(sessionCookie(wrongPassword)).toBeUndefined();
  });

  it('spends the argon2 time for an unknown address too', async () => {
    const user = await signUp(t);
    const time = async (email: string) => {
      const started = performance.now();
      await signInRaw({ email, password: 'not the password' });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[1] ?? 0;
    await time(uniqueEmail()); // the dummy hash is made once
    const known = median([await time(user.email), await time(user.email), await time(user.email)]);
    const unknown = median([
      await time(uniqueEmail()),
      await time(uniqueEmail()),
      await time(uniqueEmail()),
    ]);
    // Without the dummy check an unknown address answers in well under a tenth of the time.
    expect(unknown).toBeGreaterThan(known * 0.3);
  });

  it(`refuses the address that made ${limits.signInPair.max} wrong tries for an email, and lets the owner in from another`, async () => {
    const user = await signUp(t);
    const attacker = randomIp();
    for (let i = 0; i < limits.signInPair.max; i++) {
      expect(
        (await signInRaw({ email: user.email, password: 'wrong-password' }, attacker)).statusCode,
      ).toBe(401);
    }
    // That pair is refused, even with the right password...
    const limited = await signInRaw({ email: user.email, password: user.password }, attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // ...but the owner's right password from another address still works,
    expect(
      (await signInRaw({ email: user.email, password: user.password }, randomIp())).statusCode,
    ).toBe(200);
    // and the attacker's address may still try other emails (the pair is what is refused).
    expect(
      (await signInRaw({ email: uniqueEmail(), password: 'wrong-password' }, attacker)).statusCode,
    ).toBe(401);
    clock.advance(limits.signInPair.windowMs);
    expect(
      (await signInRaw({ email: user.email, password: user.password }, attacker)).statusCode,
    ).toBe(200);
  });

  it(`refuses more than ${limits.signInIp.max} failures from one IP within 15 minutes`, async () => {
    const ip = randomIp();
    for (let i = 0; i < limits.signInIp.max; i++) {
      expect(
        (await signInRaw({ email: uniqueEmail(), password: 'wrong-password' }, ip)).statusCode,
      ).toBe(401);
    }
    expect(
      (await signInRaw({ email: uniqueEmail(), password: 'wrong-password' }, ip)).statusCode,
    ).toBe(429);
    expect((await signInRaw({ email: uniqueEmail(), password: 'wrong-password' })).statusCode).toBe(
      401,
    );
  });

  it(`guards an email after ${limits.signInEmail.max} failures from anywhere in a day: one try an hour per address, and the owner still gets in`, async () => {
    const user = await signUp(t);
    const wrong = (ip: string) => signInRaw({ email: user.email, password: 'wrong-password' }, ip);
    const right = (ip: string) => signInRaw({ email: user.email, password: user.password }, ip);
    const attackers = Array.from(
      { length: limits.signInEmail.max / limits.signInPair.max },
      randomIp,
    );
    for (const ip of attackers) {
      for (let i = 0; i < limits.signInPair.max; i++)
        expect((await wrong(ip)).statusCode).toBe(401);
    }

    // Guarded: a new address gets its one check, and after a failure it waits an hour.
    const newAttacker = randomIp();
    expect((await wrong(newAttacker)).statusCode).toBe(401);
    expect((await wrong(newAttacker)).statusCode).toBe(429);
    expect((await right(newAttacker)).statusCode).toBe(429);
    // The owner's right password from an address without a recent failure goes straight in.
    expect((await right(randomIp())).statusCode).toBe(200);

    clock.advance(limits.signInGuardedPair.windowMs);
    // Still guarded (the day is not over): one more check for that address, no more.
    expect((await wrong(newAttacker)).statusCode).toBe(401);
    expect((await wrong(newAttacker)).statusCode).toBe(429);
    expect((await right(attackers[0] ?? '')).statusCode).toBe(200);

    // A day later the email is no longer guarded: an address gets its ten tries again.
    clock.advance(limits.signInEmail.windowMs);
    const later = randomIp();
    expect((await wrong(later)).statusCode).toBe(401);
    expect((await wrong(later)).statusCode).toBe(401);
    expect((await right(later)).statusCode).toBe(200);
  });

  it('counts simultaneous wrong passwords before checking any, so none slips past the limit', async () => {
    const user = await signUp(t);
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: limits.signInPair.max + 5 }, () =>
        signInRaw({ email: user.email, password: 'wrong-password' }, ip),
      ),
    );
    const checked = results.filter((res) => res.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(limits.signInPair.max);
    expect(results.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const user = await signUp(t);
    const ip = randomIp();
    for (let i = 0; i < limits.signInPair.max + 2; i++) {
      expect((await signInRaw({ email: user.email, password: user.password }, ip)).statusCode).toBe(
        200,
      );
    }
  });

  it('writes audit rows for success and failure', async () => {
    const user = await signUp(t);
    await signIn(t, user.email);
    await signInRaw({ email: user.email, password: 'wrong-password' });
    const actions = await auditActions(user.userId);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.sign_up', 'auth.sign_in', 'auth.sign_in_failed']),
    );
    const [failure] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectUserId, user.userId), eq(auditLog.action, 'auth.sign_in_failed')),
      );
    expect(failure?.details).toEqual({ email: user.email, reason: 'credentials' });
    expect(failure?.ip).toMatch(/^10\./);
  });
});

describe('sessions', () => {
  it('answers GET session with 401 without a cookie or with a made-up one', async () => {
    const none = await me(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    expect((await me('made-up-token')).statusCode).toBe(401);
  });

  it('answers the current session to anyone: null without one, never 401', async () => {
    const current = (cookie: string | undefined) =>
      call(t, 'GET', '/auth/current-session', undefined, { cookie });
    for (const cookie of [undefined, 'made-up-token']) {
      const res = await current(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ session: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const user = await signUp(t);
    const signedIn = await current(user.cookie);
    expect(signedIn.json()).toEqual({ session: (await me(user.cookie)).json() });
    await call(t, 'POST', '/auth/sign-out', undefined, { cookie: user.cookie });
    expect((await current(user.cookie)).json()).toEqual({ session: null });
  });

  it('ends at sign-out, and the cookie is cleared', async () => {
    const user = await signUp(t);
    const res = await call(t, 'POST', '/auth/sign-out', undefined, { cookie: user.cookie });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === '__Host-session');
    expect(cleared?.value).toBe('');
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect(await auditActions(user.userId)).toContain('auth.sign_out');
    // Signing out without a session still answers 204 (the web app clears its state anyway).
    expect((await call(t, 'POST', '/auth/sign-out')).statusCode).toBe(204);
  });

  it('end after 7 idle days', async () => {
    const user = await signUp(t);
    clock.advance(sessionIdleMs - 60_000);
    expect((await me(user.cookie)).statusCode).toBe(200);
    clock.advance(sessionIdleMs - 60_000);
    expect((await me(user.cookie)).statusCode).toBe(200);
    clock.advance(sessionIdleMs);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('end 30 days after sign-in however active', async () => {
    const user = await signUp(t);
    for (let day = 0; day < 29; day++) {
      clock.advance(24 * 60 * 60_000);
      expect((await me(user.cookie)).statusCode).toBe(200);
    }
    clock.advance(24 * 60 * 60_000);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('record activity at most once a minute', async () => {
    const user = await signUp(t);
    const lastSeen = async () =>
      (
        await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.userId))
      )[0]?.lastSeenAt.getTime();
    const first = await lastSeen();
    clock.advance(lastSeenResolutionMs / 2);
    await me(user.cookie);
    expect(await lastSeen()).toBe(first);
    clock.advance(lastSeenResolutionMs / 2);
    await me(user.cookie);
    expect(await lastSeen()).toBe(clock.now().getTime());
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the code, accepts a current one once, and takes each recovery code once', async () => {
    const user = await signUp(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, user.cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((code) => expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/));
    expect((await me(user.cookie)).json().hasTwoFactor).toBe(true);

    const missing = await signInRaw({ email: user.email, password: user.password });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('TOTP_REQUIRED');
    expect(sessionCookie(missing)).toBeUndefined();

    // A wrong password is still just INVALID_CREDENTIALS, code or not.
    const wrongPassword = await signInRaw({
      email: user.email,
      password: 'wrong-password',
      totp: '123456',
    });
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');

    clock.advance(30_000);
    const code = totpCode(secret, clock.now());
    const badCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await signInRaw({ email: user.email, password: user.password, totp: badCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('TOTP_INVALID');

    const ok = await signInRaw({ email: user.email, password: user.password, totp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().hasTwoFactor).toBe(true);
    // The same code a second time, within its 30 seconds, is refused.
    const replay = await signInRaw({ email: user.email, password: user.password, totp: code });
    expect(replay.json().error.code).toBe('TOTP_INVALID');

    const recovery = recoveryCodes[0] ?? '';
    expect(
      (
        await signInRaw({
          email: user.email,
          password: user.password,
          totp: recovery.toUpperCase(),
        })
      ).statusCode,
    ).toBe(200);
    const again = await signInRaw({ email: user.email, password: user.password, totp: recovery });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOTP_INVALID');

    const actions = await auditActions(user.userId);
    expect(actions).toContain('auth.totp_enabled');
    const methods = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, user.userId), eq(auditLog.action, 'auth.sign_in')))
    ).map((row) => row.details.method);
    expect(methods).toEqual(expect.arrayContaining(['totp', 'recovery_code']));
  });

  it('counts wrong codes per address: that address is refused, the owner signs in from another', async () => {
    const user = await signUp(t);
    const { secret } = await enableTwoFactor(t, user.cookie);
    const attacker = randomIp();
    const withCode = (totp: string, ip: string) =>
      signInRaw({ email: user.email, password: user.password, totp }, ip);
    for (let i = 0; i < limits.secondFactorPair.max; i++) {
      expect((await withCode('000000', attacker)).json().error.code).toBe('TOTP_INVALID');
    }
    const limited = await withCode('000000', attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    clock.advance(30_000);
    expect((await withCode(totpCode(secret, clock.now()), attacker)).statusCode).toBe(429);
    expect((await withCode(totpCode(secret, clock.now()), randomIp())).statusCode).toBe(200);
  });

  it(`guards the second factor after ${limits.secondFactorUser.max} wrong codes from anywhere: one try a day per address`, async () => {
    const user = await signUp(t);
    const { secret } = await enableTwoFactor(t, user.cookie);
    const withCode = (totp: string, ip: string) =>
      signInRaw({ email: user.email, password: user.password, totp }, ip);
    for (let a = 0; a < limits.secondFactorUser.max / limits.secondFactorPair.max; a++) {
      const ip = randomIp();
      for (let i = 0; i < limits.secondFactorPair.max; i++) {
        expect((await withCode('000000', ip)).statusCode).toBe(400);
      }
    }
    const newAttacker = randomIp();
    expect((await withCode('000000', newAttacker)).statusCode).toBe(400);
    clock.advance(30_000);
    expect((await withCode(totpCode(secret, clock.now()), newAttacker)).statusCode).toBe(429);
    expect((await withCode(totpCode(secret, clock.now()), randomIp())).statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses sign-in without the application header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: testPassword }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });
});
