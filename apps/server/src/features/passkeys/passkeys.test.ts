// Passkeys (issue 28) through the API with a software authenticator that signs for real:
// registering (with the password given recently), signing in with a passkey alone and as the
// second factor after a password, confirming with one, removing one — and, as an attacker would
// try: a replayed answer, another site's answer, another account's passkey, a cloned key whose
// counter stayed behind, and a staff session that never showed a passkey.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLifetimeMs } from '@secure-vault/shared/auth';
import { auditLog } from '../../db/schema.ts';
import { totpCode } from '../../auth/totp.ts';
import {
  call,
  enableTwoFactor,
  grantAdmin,
  lastMail,
  sessionCookie,
  signIn,
  signUp,
  testPassword,
} from '../../test/auth-helpers.ts';
import { PasskeyAuthenticator } from '../../test/passkey-authenticator.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Answer = ReturnType<PasskeyAuthenticator['get']>;
const code = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

async function registrationOptions(cookie: string) {
  const res = await call(t, 'POST', '/me/passkeys/options', undefined, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: { challenge: string; rp: { id: string }; user: { id: string } } }>()
    .options;
}

/** Registers a new passkey on `authenticator` for the signed-in account; returns its answer. */
async function register(cookie: string, authenticator: PasskeyAuthenticator, name = 'Laptop') {
  const credential = authenticator.create(await registrationOptions(cookie));
  return call(t, 'POST', '/me/passkeys', { name, credential }, { cookie });
}

async function challenge() {
  const res = await call(t, 'POST', '/auth/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: { challenge: string; rpId: string } }>().options;
}

const passkeySignIn = (credential: Answer) =>
  call(t, 'POST', '/auth/passkey/sign-in', { credential });

const session = (cookie: string | undefined) =>
  call(t, 'GET', '/auth/session', undefined, { cookie });

async function customerWithPasskey() {
  const user = await signUp(t);
  const authenticator = new PasskeyAuthenticator();
  const added = await register(user.cookie, authenticator);
  expect(added.statusCode, added.body).toBe(201);
  return { ...user, authenticator, passkeyId: added.json<{ id: string }>().id };
}

async function lastAudit(
  userId: string,
  action: 'auth.sign_in' | 'auth.passkey_refused' | 'auth.password_reset',
) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row;
}

describe('registering a passkey', () => {
  it('keeps it under its name, counts it as a second factor, and tells the customer', async () => {
    const user = await signUp(t);
    const added = await register(user.cookie, new PasskeyAuthenticator(), 'Work laptop');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = await call(t, 'GET', '/me/passkeys', undefined, { cookie: user.cookie });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Work laptop' })]);
    expect((await session(user.cookie)).json()).toMatchObject({
      hasTwoFactor: false,
      hasPasskey: true,
    });

    const mail = await lastMail(t, user.email);
    expect(mail?.subject).toBe('Passkey added — Secure Vault');
    expect(mail?.text).toContain('“Work laptop”');
  });

  it('in Arabic, says so in Arabic', async () => {
    const user = await signUp(t);
    const authenticator = new PasskeyAuthenticator();
    const credential = authenticator.create(await registrationOptions(user.cookie));
    const res = await call(
      t,
      'POST',
      '/me/passkeys',
      { name: 'هاتفي', credential },
      { cookie: user.cookie, headers: { 'accept-language': 'ar' } },
    );
    expect(res.statusCode).toBe(201);
    const mail = await lastMail(t, user.email);
    expect(mail?.subject).toBe('تمت إضافة مفتاح مرور — Secure Vault');
    expect(mail?.text).toContain('هاتفي');
  });

  it('needs the password given in the last ten minutes', async () => {
    const user = await signUp(t);
    clock.advance(confirmationLifetimeMs + 1000);
    const refused = await call(t, 'POST', '/me/passkeys/options', undefined, {
      cookie: user.cookie,
    });
    expect(code(refused)).toBe('REAUTH_REQUIRED');
    const confirmed = await call(
      t,
      'POST',
      '/auth/confirm-password',
      { password: testPassword },
      { cookie: user.cookie },
    );
    expect(confirmed.statusCode).toBe(204);
    expect((await register(user.cookie, new PasskeyAuthenticator())).statusCode).toBe(201);
  });

  it('refuses an answer from another site, a replayed one, and one to another account’s challenge', async () => {
    const user = await signUp(t);
    const authenticator = new PasskeyAuthenticator();
    const phished = authenticator.create(await registrationOptions(user.cookie), {
      origin: 'https://secure-vault.example.net',
    });
    const fromElsewhere = await call(
      t,
      'POST',
      '/me/passkeys',
      { name: 'Laptop', credential: phished },
      { cookie: user.cookie },
    );
    expect(code(fromElsewhere)).toBe('PASSKEY_INVALID');
    // That challenge is used up even though its answer failed.
    const again = await call(
      t,
      'POST',
      '/me/passkeys',
      { name: 'Laptop', credential: { ...phished } },
      { cookie: user.cookie },
    );
    expect(code(again)).toBe('PASSKEY_INVALID');

    const other = await signUp(t);
    const theirs = authenticator.create(await registrationOptions(other.cookie));
    const crossed = await call(
      t,
      'POST',
      '/me/passkeys',
      { name: 'Laptop', credential: theirs },
      { cookie: user.cookie },
    );
    expect(code(crossed)).toBe('PASSKEY_INVALID');

    const unverified = authenticator.create(await registrationOptions(user.cookie), {
      verified: false,
    });
    const noPin = await call(
      t,
      'POST',
      '/me/passkeys',
      { name: 'Laptop', credential: unverified },
      { cookie: user.cookie },
    );
    expect(code(noPin)).toBe('PASSKEY_INVALID');
    const list = await call(t, 'GET', '/me/passkeys', undefined, { cookie: user.cookie });
    expect(list.json()).toEqual([]);
  });

  it('refuses a name that is empty, too long or not one line', async () => {
    const user = await signUp(t);
    for (const name of ['   ', 'x'.repeat(65), 'two\nlines']) {
      const credential = new PasskeyAuthenticator().create(await registrationOptions(user.cookie));
      const res = await call(
        t,
        'POST',
        '/me/passkeys',
        { name, credential },
        { cookie: user.cookie },
      );
      expect(res.statusCode, name).toBe(400);
    }
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no email or password, and records the use', async () => {
    const user = await customerWithPasskey();
    const res = await passkeySignIn(user.authenticator.get(await challenge()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.userId } });
    expect((await session(sessionCookie(res))).statusCode).toBe(200);
    const list = await call(t, 'GET', '/me/passkeys', undefined, { cookie: user.cookie });
    expect(list.json()[0].lastUsedAt).not.toBeNull();
    expect((await lastAudit(user.userId, 'auth.sign_in'))?.details).toEqual({ method: 'passkey' });
  });

  it('refuses the same answer twice', async () => {
    const user = await customerWithPasskey();
    const answer = user.authenticator.get(await challenge());
    expect((await passkeySignIn(answer)).statusCode).toBe(200);
    const replayed = await passkeySignIn(answer);
    expect(code(replayed)).toBe('PASSKEY_INVALID');
    expect(sessionCookie(replayed)).toBeUndefined();
  });

  it('refuses an answer made for another site or another RP ID', async () => {
    const user = await customerWithPasskey();
    const phished = user.authenticator.get(await challenge(), {
      origin: 'https://secure-vault.example.net',
    });
    expect(code(await passkeySignIn(phished))).toBe('PASSKEY_INVALID');
    const otherRp = user.authenticator.get(await challenge(), { rpId: 'example.net' });
    expect(code(await passkeySignIn(otherRp))).toBe('PASSKEY_INVALID');
    expect((await lastAudit(user.userId, 'auth.passkey_refused'))?.details).toMatchObject({
      passkey: 'Laptop',
    });
  });

  it('refuses a cloned passkey whose counter is behind the real one', async () => {
    const user = await customerWithPasskey();
    expect((await passkeySignIn(user.authenticator.get(await challenge()))).statusCode).toBe(200);
    const clone = user.authenticator.clone();
    // The owner goes on using the real one; the copy's counter is left behind.
    expect((await passkeySignIn(user.authenticator.get(await challenge()))).statusCode).toBe(200);
    const cloned = await passkeySignIn(clone.get(await challenge()));
    expect(code(cloned)).toBe('PASSKEY_INVALID');
    const refusal = await lastAudit(user.userId, 'auth.passkey_refused');
    expect(String(refusal?.details.reason)).toMatch(/counter/i);
    // The real one still works.
    expect((await passkeySignIn(user.authenticator.get(await challenge()))).statusCode).toBe(200);
  });

  it('refuses a passkey nobody registered', async () => {
    const stranger = new PasskeyAuthenticator();
    stranger.create({ challenge: 'unused', user: { id: 'AAAA' } });
    expect(code(await passkeySignIn(stranger.get(await challenge())))).toBe('PASSKEY_INVALID');
  });
});

describe('a passkey as the second factor', () => {
  it('asks for the passkey after the right password, and takes only the account’s own', async () => {
    const user = await customerWithPasskey();
    const stepOne = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: testPassword,
    });
    expect(code(stepOne)).toBe('PASSKEY_REQUIRED');
    expect(sessionCookie(stepOne)).toBeUndefined();

    // A code is no second factor for an account without an authenticator app.
    const withCode = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: testPassword,
      totp: '123456',
    });
    expect(code(withCode)).toBe('PASSKEY_REQUIRED');

    const other = await customerWithPasskey();
    const wrongKey = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: testPassword,
      passkey: other.authenticator.get(await challenge()),
    });
    expect(code(wrongKey)).toBe('PASSKEY_INVALID');

    const signedIn = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: testPassword,
      passkey: user.authenticator.get(await challenge()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await lastAudit(user.userId, 'auth.sign_in'))?.details).toEqual({ method: 'passkey' });
  });

  it('with an authenticator app too, asks for the code and offers the passkey', async () => {
    const user = await customerWithPasskey();
    await enableTwoFactor(t, user.cookie);
    const res = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: testPassword,
    });
    expect(res.json()).toMatchObject({
      error: { code: 'TOTP_REQUIRED', details: { passkey: 'offered' } },
    });
    const withPasskey = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: testPassword,
      passkey: user.authenticator.get(await challenge()),
    });
    expect(withPasskey.statusCode).toBe(200);
  });

  it('never takes a passkey in place of a wrong password', async () => {
    const user = await customerWithPasskey();
    const res = await call(t, 'POST', '/auth/sign-in', {
      email: user.email,
      password: 'not the password',
      passkey: user.authenticator.get(await challenge()),
    });
    expect(code(res)).toBe('INVALID_CREDENTIALS');
  });
});

describe('a password reset of an account whose second factor is a passkey', () => {
  it('asks for the passkey too, so a mailbox alone does not open the account', async () => {
    const user = await customerWithPasskey();
    expect((await call(t, 'POST', '/auth/password-reset', { email: user.email })).statusCode).toBe(
      202,
    );
    const mail = await lastMail(t, user.email);
    const token = mail?.text.match(/\/update-password#token=([\w-]+)/)?.[1] ?? '';
    const check = await call(t, 'POST', '/auth/password-reset/check', { token });
    expect(check.json()).toEqual({ requiresTotp: false, requiresPasskey: true });

    const complete = (extra: Record<string, unknown> = {}) =>
      call(t, 'POST', '/auth/password-reset/complete', {
        token,
        password: 'a new password',
        ...extra,
      });
    const without = await complete();
    expect(code(without)).toBe('PASSKEY_REQUIRED');
    expect(sessionCookie(without)).toBeUndefined();
    const other = await customerWithPasskey();
    const theirs = await complete({ passkey: other.authenticator.get(await challenge()) });
    expect(code(theirs)).toBe('PASSKEY_INVALID');

    // Each refusal left the link usable and the password as it was.
    const done = await complete({ passkey: user.authenticator.get(await challenge()) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await session(sessionCookie(done))).statusCode).toBe(200);
    expect((await lastAudit(user.userId, 'auth.password_reset'))?.details).toMatchObject({
      method: 'passkey',
    });
  });
});

describe('confirming with a passkey and removing one', () => {
  it('confirms a change of security settings as the password does', async () => {
    const user = await customerWithPasskey();
    clock.advance(confirmationLifetimeMs + 1000);
    const refused = await call(t, 'POST', '/auth/sessions/revoke-others', undefined, {
      cookie: user.cookie,
    });
    expect(code(refused)).toBe('REAUTH_REQUIRED');
    const other = await customerWithPasskey();
    const theirs = await call(
      t,
      'POST',
      '/auth/confirm-passkey',
      { credential: other.authenticator.get(await challenge()) },
      { cookie: user.cookie },
    );
    expect(code(theirs)).toBe('PASSKEY_INVALID');
    const confirmed = await call(
      t,
      'POST',
      '/auth/confirm-passkey',
      { credential: user.authenticator.get(await challenge()) },
      { cookie: user.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const allowed = await call(t, 'POST', '/auth/sessions/revoke-others', undefined, {
      cookie: user.cookie,
    });
    expect(allowed.statusCode).toBe(204);
  });

  it('removes only the account’s own, with the password recent, and tells the customer', async () => {
    const user = await customerWithPasskey();
    const other = await customerWithPasskey();
    const notTheirs = await call(t, 'DELETE', `/me/passkeys/${other.passkeyId}`, undefined, {
      cookie: user.cookie,
    });
    expect(code(notTheirs)).toBe('NOT_FOUND');

    clock.advance(confirmationLifetimeMs + 1000);
    const stale = await call(t, 'DELETE', `/me/passkeys/${user.passkeyId}`, undefined, {
      cookie: user.cookie,
    });
    expect(code(stale)).toBe('REAUTH_REQUIRED');

    const fresh = await signIn(t, user.email, testPassword).catch(() => null);
    // The password alone no longer signs this account in.
    expect(fresh).toBeNull();
    const signedIn = await passkeySignIn(user.authenticator.get(await challenge()));
    const cookie = sessionCookie(signedIn);
    const removed = await call(t, 'DELETE', `/me/passkeys/${user.passkeyId}`, undefined, {
      cookie,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await lastMail(t, user.email))?.subject).toBe('Passkey removed — Secure Vault');
    expect((await session(cookie)).json()).toMatchObject({ hasPasskey: false });
    expect(code(await passkeySignIn(user.authenticator.get(await challenge())))).toBe(
      'PASSKEY_INVALID',
    );
    // With no second factor left, the password signs in again.
    expect(await signIn(t, user.email)).toEqual(expect.any(String));
  });
});

describe('staff and passkeys', () => {
  it('a passkey is a staff member’s second factor, and STAFF_2FA=passkey asks for one', async () => {
    const strict = await createTestApp({ clock, env: { STAFF_2FA: 'passkey' } });
    try {
      const staff = await signUp(strict);
      await grantAdmin(strict, staff.userId);
      const { secret } = await enableTwoFactor(strict, staff.cookie);
      // The code that turned it on cannot be used again: the next step's code signs in.
      clock.advance(30_000);
      const byCode = await signIn(strict, staff.email, testPassword, totpCode(secret, clock.now()));
      const refused = await call(strict, 'GET', '/admin/users', undefined, { cookie: byCode });
      expect(code(refused)).toBe('STAFF_PASSKEY_REQUIRED');

      const authenticator = new PasskeyAuthenticator();
      const options = await call(strict, 'POST', '/me/passkeys/options', undefined, {
        cookie: byCode,
      });
      const credential = authenticator.create(options.json().options);
      const added = await call(
        strict,
        'POST',
        '/me/passkeys',
        { name: 'Security key', credential },
        { cookie: byCode },
      );
      expect(added.statusCode, added.body).toBe(201);
      // Adding one is not showing one in this session.
      expect(code(await call(strict, 'GET', '/admin/users', undefined, { cookie: byCode }))).toBe(
        'STAFF_PASSKEY_REQUIRED',
      );

      const challengeRes = await call(strict, 'POST', '/auth/passkey/options');
      const signedIn = await call(strict, 'POST', '/auth/passkey/sign-in', {
        credential: authenticator.get(challengeRes.json().options),
      });
      const allowed = await call(strict, 'GET', '/admin/users', undefined, {
        cookie: sessionCookie(signedIn),
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('with STAFF_2FA=required, a passkey alone opens the staff tools', async () => {
    const staff = await signUp(t);
    await grantAdmin(t, staff.userId);
    const authenticator = new PasskeyAuthenticator();
    expect((await register(staff.cookie, authenticator)).statusCode).toBe(201);
    const signedIn = await passkeySignIn(authenticator.get(await challenge()));
    const res = await call(t, 'GET', '/admin/users', undefined, {
      cookie: sessionCookie(signedIn),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
