// Giving the password again before security settings change (issue 28, ASVS re-authentication):
// a session whose password is more than ten minutes old may not turn two-factor on or end other
// sessions until the password is given again; signing out never needs it; a wrong password is
// refused and counted like a wrong current password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLifetimeMs } from '@secure-vault/shared/auth';
import { limits } from './rate-limit.ts';
import { call, randomIp, signIn, signUp, testPassword } from '../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const confirm = (cookie: string, password: string, ip?: string) =>
  call(t, 'POST', '/auth/confirm-password', { password }, { cookie, ...(ip ? { ip } : {}) });
const revokeOthers = (cookie: string) =>
  call(t, 'POST', '/auth/sessions/revoke-others', undefined, { cookie });
const setUpTwoFactor = (cookie: string) =>
  call(t, 'POST', '/auth/totp/setup', undefined, { cookie });
const code = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

describe('confirming the password', () => {
  it('lets a fresh sign-in change security settings at once', async () => {
    const user = await signUp(t);
    expect((await revokeOthers(user.cookie)).statusCode).toBe(204);
    expect((await setUpTwoFactor(user.cookie)).statusCode).toBe(200);
  });

  it('asks for the password again once it is older than ten minutes, then lets the change through', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email);
    clock.advance(confirmationLifetimeMs + 1000);
    const refused = await revokeOthers(user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(code(refused)).toBe('REAUTH_REQUIRED');
    expect(code(await setUpTwoFactor(user.cookie))).toBe('REAUTH_REQUIRED');
    // Nothing was ended: the other browser is still signed in.
    expect((await call(t, 'GET', '/auth/session', undefined, { cookie: other })).statusCode).toBe(
      200,
    );

    const wrong = await confirm(user.cookie, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(code(wrong)).toBe('PASSWORD_INCORRECT');
    expect(code(await revokeOthers(user.cookie))).toBe('REAUTH_REQUIRED');

    expect((await confirm(user.cookie, testPassword)).statusCode).toBe(204);
    expect((await revokeOthers(user.cookie)).statusCode).toBe(204);
    expect((await call(t, 'GET', '/auth/session', undefined, { cookie: other })).statusCode).toBe(
      401,
    );
    // Confirming in one session confirms that session only.
    const third = await signIn(t, user.email);
    clock.advance(confirmationLifetimeMs + 1000);
    expect(code(await setUpTwoFactor(third))).toBe('REAUTH_REQUIRED');
  });

  it('never needs the password to sign out, however old the session', async () => {
    const user = await signUp(t);
    clock.advance(confirmationLifetimeMs * 3);
    const sessions = await call(t, 'GET', '/auth/sessions', undefined, { cookie: user.cookie });
    const current = sessions.json<{ id: string; isCurrent: boolean }[]>().find((s) => s.isCurrent);
    const ended = await call(t, 'DELETE', `/auth/sessions/${current?.id}`, undefined, {
      cookie: user.cookie,
    });
    expect(ended.statusCode).toBe(204);
  });

  it('limits wrong passwords per account, as changing the password does', async () => {
    const user = await signUp(t);
    for (let i = 0; i < limits.passwordChangeUser.max; i++) {
      expect((await confirm(user.cookie, `wrong ${i}`, randomIp())).statusCode).toBe(400);
    }
    const limited = await confirm(user.cookie, testPassword, randomIp());
    expect(limited.statusCode).toBe(429);
  });
});
