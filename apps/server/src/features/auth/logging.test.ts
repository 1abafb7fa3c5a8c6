// No password, code, token, session token, authenticator secret or recovery code reaches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { totpCode } from '../../auth/totp.ts';
import { call, lastMail, readCode, sessionCookie, uniqueEmail } from '../../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

const clock = manualClock();
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ clock, logger });
});
afterAll(() => t.close());

describe('logs', () => {
  it('carry no secret through sign-up, sign-in, two-factor and password reset', async () => {
    const email = uniqueEmail();
    const password = 'Sup3r-secret-pass';
    const secrets: string[] = [password];

    await call(t, 'POST', '/auth/sign-up', { email, password });
    const code = await readCode(t, email);
    secrets.push(code);
    const verified = await call(t, 'POST', '/auth/sign-up/verify', { email, code });
    expect(verified.statusCode).toBe(201);
    secrets.push(sessionCookie(verified) ?? 'missing');

    // A failed sign-in with the password in the body must not echo it either.
    await call(t, 'POST', '/auth/sign-in', { email, password: 'Wr0ng-password-here' });
    secrets.push('Wr0ng-password-here');
    const signedIn = await call(t, 'POST', '/auth/sign-in', { email, password });
    const cookie = sessionCookie(signedIn) ?? 'missing';
    secrets.push(cookie);

    const setup = await call(t, 'POST', '/auth/totp/setup', undefined, { cookie });
    const { secret } = setup.json();
    secrets.push(secret);
    const enable = await call(
      t,
      'POST',
      '/auth/totp/enable',
      { code: totpCode(secret, clock.now()) },
      { cookie },
    );
    secrets.push(...enable.json().recoveryCodes);

    await call(t, 'POST', '/auth/password-reset', { email });
    const token =
      (await lastMail(t, email))?.text.match(/#token=([A-Za-z0-9_-]+)/)?.[1] ?? 'missing';
    secrets.push(token);
    clock.advance(30_000);
    const totp = totpCode(secret, clock.now());
    const reset = await call(t, 'POST', '/auth/password-reset/complete', {
      token,
      password: 'An0ther-secret-pass',
      totp,
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('An0ther-secret-pass', totp, sessionCookie(reset) ?? 'missing');

    const log = lines.join('');
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('mail kept in the outbox');
    for (const value of secrets) expect(log).not.toContain(value);
  });
});
