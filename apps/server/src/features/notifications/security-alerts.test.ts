// Security alerts (issue 28 item 2) from the customer's side: each security event mails them and
// lands in their notification centre, in the language the action was taken in, and no mail
// preference silences one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { backgroundWorkSettled } from '../../auth/background-work.ts';
import { deviceCookieName, deviceOf, networkOf } from '../../auth/known-devices.ts';
import {
  call,
  enableTwoFactor,
  lastMail,
  mailCount,
  signUp,
  testPassword,
} from '../../test/auth-helpers.ts';
import { addBankAccount, verifiedCustomer, withdraw } from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function deviceCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((cookie) => cookie.name === deviceCookieName)?.value;
}

/** Signs in as a browser would: with its device cookie when it has one. */
function signInFrom(
  email: string,
  browser: { device?: string; language?: string; ip?: string } = {},
) {
  return call(
    t,
    'POST',
    '/auth/sign-in',
    { email, password: testPassword },
    {
      ...(browser.ip ? { ip: browser.ip } : {}),
      headers: {
        'user-agent': chromeOnWindows,
        ...(browser.device ? { cookie: `${deviceCookieName}=${browser.device}` } : {}),
        ...(browser.language ? { 'accept-language': browser.language } : {}),
      },
    },
  );
}

const noticesOf = async (cookie: string, language = 'en') =>
  (
    await call(t, 'GET', '/me/notifications', undefined, {
      cookie,
      headers: { 'accept-language': language },
    })
  ).json().items as { kind: string; category: string; title: string; body: string[] }[];

describe('a sign-in from a new browser', () => {
  it('is told by mail and in the centre, with the browser, the network and the time; a known browser is not', async () => {
    const user = await signUp(t);
    const first = await signInFrom(user.email);
    const device = deviceCookie(first) ?? '';
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The sign-up's browser was learnt quietly; this request carried none of its cookie, so it
    // was a new browser already. From here on, it is a known one.
    await backgroundWorkSettled(t.ctx);
    const before = await mailCount(t, user.email);
    // The same browser again: known, nothing told.
    const again = await signInFrom(user.email, { device });
    expect(again.statusCode).toBe(200);
    expect(deviceCookie(again)).toBe(device);
    expect(await mailCount(t, user.email)).toBe(before);

    // Another browser, in Arabic, from another network.
    const other = await signInFrom(user.email, { language: 'ar', ip: '203.0.113.77' });
    expect(other.statusCode).toBe(200);
    const mail = await lastMail(t, user.email);
    expect(await mailCount(t, user.email)).toBe(before + 1);
    expect(mail?.subject).toBe('تسجيل دخول من جهاز جديد — Secure Vault');
    expect(mail?.text).toContain('متصفح \u2066Chrome\u2069 على \u2066Windows\u2069');
    expect(mail?.text).toContain('203.0.113.x');
    expect(mail?.text).not.toContain('203.0.113.77');
    expect(mail?.text).toContain('/settings/sessions');
    const [notice] = await noticesOf(user.cookie);
    expect(notice).toMatchObject({
      kind: 'new_sign_in',
      category: 'security',
      title: 'New sign-in to your account',
    });
    expect(notice?.body[0]).toContain('Chrome on Windows from the network 203.0.113.x');
  });

  it('names browsers and networks in coarse terms only', () => {
    expect(deviceOf(chromeOnWindows)).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(deviceOf(null)).toEqual({ browser: null, system: null });
    expect(networkOf('198.51.100.23')).toBe('198.51.100.x');
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(networkOf(null)).toBeNull();
  });

  it('ignores a device cookie that is not one of ours, and gives the browser a real one', async () => {
    const user = await signUp(t);
    const res = await signInFrom(user.email, { device: 'forged;value' });
    expect(res.statusCode).toBe(200);
    expect(deviceCookie(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('security changes', () => {
  it('tells of a password change, in the language it was made in', async () => {
    const user = await signUp(t);
    const res = await call(
      t,
      'POST',
      '/auth/password',
      { currentPassword: testPassword, newPassword: 'a brand new passphrase' },
      { cookie: user.cookie, headers: { 'accept-language': 'ar' } },
    );
    expect(res.statusCode).toBe(204);
    expect((await lastMail(t, user.email))?.subject).toBe('تم تغيير كلمة المرور — Secure Vault');
    expect((await noticesOf(user.cookie, 'ar'))[0]?.title).toBe('تم تغيير كلمة المرور');
  });

  it('tells of two-factor turned on and off', async () => {
    const user = await signUp(t);
    const { recoveryCodes } = await enableTwoFactor(t, user.cookie);
    expect((await lastMail(t, user.email))?.subject).toBe(
      'Two-factor authentication turned on — Secure Vault',
    );
    const off = await call(
      t,
      'POST',
      '/auth/totp/disable',
      { code: recoveryCodes[0] },
      { cookie: user.cookie },
    );
    expect(off.statusCode).toBe(204);
    expect((await lastMail(t, user.email))?.subject).toBe(
      'Two-factor authentication turned off — Secure Vault',
    );
    const titles = (await noticesOf(user.cookie)).map((notice) => notice.title);
    expect(titles.slice(0, 2)).toEqual([
      'Two-factor authentication turned off',
      'Two-factor authentication turned on',
    ]);
  });

  it('tells of a withdrawal as a security notice, mailed even with money mail turned off', async () => {
    const customer = await verifiedCustomer(t, { cash: '100' });
    const off = await call(
      t,
      'PUT',
      '/me/notification-preferences',
      { mail: { money: false, custody: false, kyc: false } },
      { cookie: customer.cookie },
    );
    expect(off.statusCode).toBe(200);
    const bank = await addBankAccount(t, customer.userId);
    await backgroundWorkSettled(t.ctx);
    const before = await mailCount(t, customer.email);
    expect((await withdraw(t, customer, bank, '10')).statusCode).toBe(201);
    expect(await mailCount(t, customer.email)).toBe(before + 1);
    const [notice] = await noticesOf(customer.cookie);
    expect(notice).toMatchObject({ kind: 'request_received', category: 'security' });
  });
});
