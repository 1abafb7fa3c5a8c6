import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { allContracts } from '@secure-vault/shared/contracts';
import { transfers } from '../../db/banking-schema.ts';
import { auditLog } from '../../db/schema.ts';
import { impersonationLinkLifetimeMs } from '../../auth/auth-tokens.ts';
import { impersonationSessionMs } from '../../auth/sessions.ts';
import { totpCode } from '../../auth/totp.ts';
import {
  call,
  enableTwoFactor,
  grantAdmin,
  lastMail,
  mailCount,
  sessionCookie,
  signIn,
  signUp,
  signUpStaff,
  type SignedUp,
  type Staff,
} from '../../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

const clock = manualClock();
let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const me = (cookie: string | undefined) => call(t, 'GET', '/auth/session', undefined, { cookie });
const resetPassword = (cookie: string, userId: string, newPassword = 'set by staff') =>
  call(t, 'POST', `/admin/users/${userId}/reset-password`, { newPassword }, { cookie });
const impersonate = (cookie: string, userId: string) =>
  call(t, 'POST', `/admin/users/${userId}/impersonate`, undefined, { cookie });
const complete = (token: string, cookie?: string) =>
  call(t, 'POST', '/auth/impersonation/complete', { token }, { cookie });

function tokenOf(actionLink: string): string {
  const match = actionLink.match(
    /^http:\/\/localhost:3000\/admin\/impersonate#token=([A-Za-z0-9_-]{43})$/,
  );
  if (!match?.[1]) throw new Error(`unexpected link ${actionLink}`);
  return match[1];
}

async function audited(action: string, subjectUserId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId)));
}

/** Starts an impersonation of the customer from the staff member's browser. */
async function startImpersonation(customer: SignedUp) {
  const link = await impersonate(staff.cookie, customer.userId);
  expect(link.statusCode).toBe(200);
  const res = await complete(tokenOf(link.json().actionLink), staff.cookie);
  expect(res.statusCode).toBe(200);
  return { res, cookie: sessionCookie(res) ?? '' };
}

describe('admin access', () => {
  it('refuses a signed-out caller with 401 and a customer with 403', async () => {
    const customer = await signUp(t);
    const anonymous = await call(t, 'POST', `/admin/users/${customer.userId}/reset-password`, {
      newPassword: 'whatever',
    });
    expect(anonymous.statusCode).toBe(401);
    const res = await resetPassword(customer.cookie, customer.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses staff without two-factor with STAFF_2FA_REQUIRED', async () => {
    const customer = await signUp(t);
    const newcomer = await signUp(t);
    await grantAdmin(t, newcomer.userId);
    expect((await me(newcomer.cookie)).json().isAdmin).toBe(true);
    const res = await resetPassword(newcomer.cookie, customer.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STAFF_2FA_REQUIRED');
  });

  it('checks the second factor per session: a password-only session gains nothing when two-factor is turned on elsewhere', async () => {
    const customer = await signUp(t);
    const member = await signUp(t);
    await grantAdmin(t, member.userId);
    // Signed in with the password only, before two-factor was on.
    const passwordOnly = await signIn(t, member.email);
    const { secret } = await enableTwoFactor(t, member.cookie);
    expect((await resetPassword(member.cookie, customer.userId)).statusCode).toBe(204);
    const refused = await resetPassword(passwordOnly, customer.userId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
    for (const path of ['/admin/users', '/admin/valuables', '/admin/net-worth']) {
      expect((await call(t, 'GET', path, undefined, { cookie: passwordOnly })).statusCode).toBe(
        403,
      );
    }
    // A sign-in that passes the code is a staff session.
    clock.advance(30_000);
    const withCode = await signIn(t, member.email, member.password, totpCode(secret, clock.now()));
    expect((await call(t, 'GET', '/admin/users', undefined, { cookie: withCode })).statusCode).toBe(
      200,
    );
    // Turned off and on again in another session, the earlier sessions must show it anew.
    clock.advance(30_000);
    const off = await call(
      t,
      'POST',
      '/auth/totp/disable',
      { code: totpCode(secret, clock.now()) },
      { cookie: member.cookie },
    );
    expect(off.statusCode).toBe(204);
    await enableTwoFactor(t, member.cookie);
    expect((await call(t, 'GET', '/admin/users', undefined, { cookie: withCode })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, 'GET', '/admin/users', undefined, { cookie: member.cookie })).statusCode,
    ).toBe(200);
  });

  it('lets staff without two-factor in when STAFF_2FA=optional', async () => {
    const relaxed = await createTestApp({ clock, env: { STAFF_2FA: 'optional' } });
    try {
      const admin = await signUp(relaxed);
      const customer = await signUp(relaxed);
      await grantAdmin(relaxed, admin.userId);
      const res = await call(
        relaxed,
        'POST',
        `/admin/users/${customer.userId}/reset-password`,
        { newPassword: 'set by staff' },
        { cookie: admin.cookie },
      );
      expect(res.statusCode).toBe(204);
    } finally {
      await relaxed.close();
    }
  });
});

describe('admin password reset', () => {
  it('sets the password, ends every session of the user, and is audited with the staff member', async () => {
    const customer = await signUp(t);
    const other = await signIn(t, customer.email);
    const res = await resetPassword(staff.cookie, customer.userId);
    expect(res.statusCode).toBe(204);
    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    await signIn(t, customer.email, 'set by staff');
    const [row] = await audited('admin.password_reset', customer.userId);
    expect(row).toMatchObject({ actorId: staff.userId, details: { revokedSessions: 2 } });
  });

  it('emails the customer that staff reset the password and signed them out, without the password', async () => {
    const customer = await signUp(t);
    expect((await resetPassword(staff.cookie, customer.userId)).statusCode).toBe(204);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your password was reset — Secure Vault');
    expect(mail?.text).toContain('every device has been signed out');
    expect(mail?.text).toContain('If you did not ask for this, contact us');
    expect(mail?.html).toContain('lang="en"');
    expect(mail?.text).not.toContain('set by staff');
  });

  it("writes in the language of the customer's latest request", async () => {
    const customer = await signUp(t);
    // Only the language of the row matters here, so it is written directly rather than asked for.
    await t.ctx.db.insert(transfers).values({
      userId: customer.userId,
      type: 'card_deposit',
      status: 'cancelled',
      amount: '10.00',
      language: 'ar',
    });
    expect((await resetPassword(staff.cookie, customer.userId)).statusCode).toBe(204);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('تمت إعادة تعيين كلمة المرور — Secure Vault');
    expect(mail?.html).toContain('dir="rtl"');
  });

  it('answers 404 for an unknown user and 400 for a short password', async () => {
    expect(
      (await resetPassword(staff.cookie, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const customer = await signUp(t);
    const mailsBefore = await mailCount(t, customer.email);
    expect((await resetPassword(staff.cookie, customer.userId, '12345')).statusCode).toBe(400);
    expect(await mailCount(t, customer.email)).toBe(mailsBefore);
  });
});

describe('impersonation', () => {
  it('opens a session as the customer that names the staff member, and the link works once', async () => {
    const customer = await signUp(t);
    const link = await impersonate(staff.cookie, customer.userId);
    expect(link.headers['cache-control']).toBe('no-store');
    const token = tokenOf(link.json().actionLink);
    const res = await complete(token, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: customer.userId, email: customer.email },
      isAdmin: false,
      impersonatedBy: { id: staff.userId, email: staff.email },
      hasTwoFactor: false,
      hasPasskey: false,
    });
    const cookie = sessionCookie(res);
    expect(String(res.headers['set-cookie'])).toContain(`Max-Age=${impersonationSessionMs / 1000}`);
    expect((await me(cookie)).json().impersonatedBy).toEqual({
      id: staff.userId,
      email: staff.email,
    });

    const replay = await complete(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('TOKEN_INVALID');
    expect(await audited('admin.impersonation_started', customer.userId)).toHaveLength(1);

    // The customer sees the staff session among their sessions.
    const sessions = (
      await call(t, 'GET', '/auth/sessions', undefined, { cookie: customer.cookie })
    ).json();
    expect(sessions.some((s: { isImpersonation: boolean }) => s.isImpersonation)).toBe(true);
  });

  it('refuses a link after 60 seconds', async () => {
    const customer = await signUp(t);
    const link = await impersonate(staff.cookie, customer.userId);
    clock.advance(impersonationLinkLifetimeMs);
    expect((await complete(tokenOf(link.json().actionLink))).json().error.code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('ends the session after 30 minutes', async () => {
    const customer = await signUp(t);
    const { cookie } = await startImpersonation(customer);
    clock.advance(impersonationSessionMs - 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('cannot change the password, two-factor or sessions, nor reach staff routes', async () => {
    const customer = await signUp(t);
    const { cookie } = await startImpersonation(customer);
    const attempts = [
      call(
        t,
        'POST',
        '/auth/password',
        { currentPassword: customer.password, newPassword: 'hijacked!' },
        { cookie },
      ),
      call(t, 'POST', '/auth/totp/setup', undefined, { cookie }),
      call(t, 'POST', '/auth/totp/enable', { code: '123456' }, { cookie }),
      call(t, 'POST', '/auth/totp/disable', { code: '123456' }, { cookie }),
      call(t, 'POST', '/auth/sessions/revoke-others', undefined, { cookie }),
      call(t, 'DELETE', `/auth/sessions/${customer.userId}`, undefined, { cookie }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('IMPERSONATION_FORBIDDEN');
    }
    const staffOnly = await resetPassword(cookie, customer.userId);
    expect(staffOnly.statusCode).toBe(403);
    await signIn(t, customer.email);
  });

  // Every operation whose contract says so, from the contracts: a new one is covered by saying it.
  it('is refused every operation whose contract refuses impersonation, before its body is read', async () => {
    const customer = await signUp(t);
    const { cookie } = await startImpersonation(customer);
    const refusing = allContracts.filter((contract) => contract.refusesImpersonation);
    expect(refusing.length).toBeGreaterThan(10);
    for (const contract of refusing) {
      const url = contract.path
        .replace(/^\/api\/v1/, '')
        .replaceAll(/:(\w+)/g, () => customer.userId);
      const body = contract.method === 'GET' || contract.method === 'DELETE' ? undefined : {};
      const res = await call(t, contract.method, url, body, {
        cookie,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect({ operation: `${contract.method} ${contract.path}`, status: res.statusCode }).toEqual({
        operation: `${contract.method} ${contract.path}`,
        status: 403,
      });
      expect(res.json().error.code).toBe('IMPERSONATION_FORBIDDEN');
    }
  });

  it('ends on request and gives the staff member their own session back', async () => {
    const customer = await signUp(t);
    const { cookie } = await startImpersonation(customer);
    const res = await call(t, 'POST', '/auth/impersonation/end', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session: {
        user: { id: staff.userId, email: staff.email },
        isAdmin: true,
        impersonatedBy: null,
        hasTwoFactor: true,
        hasPasskey: false,
      },
    });
    const restored = sessionCookie(res);
    expect(restored).toBeDefined();
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(restored)).json().isAdmin).toBe(true);
    // The staff member's earlier token was replaced, so it no longer opens the session.
    expect((await me(staff.cookie)).statusCode).toBe(401);
    staff.cookie = restored ?? '';
    expect(await audited('admin.impersonation_ended', customer.userId)).toHaveLength(1);
  });

  it('opens nothing in a browser that did not ask for the link, which stays usable', async () => {
    const customer = await signUp(t);
    const link = await impersonate(staff.cookie, customer.userId);
    const token = tokenOf(link.json().actionLink);
    // Not signed in, another customer, another session of the same staff member: all refused.
    const otherSession = await signIn(
      t,
      staff.email,
      staff.password,
      totpCode(staff.secret, clock.now()),
    );
    for (const cookie of [undefined, (await signUp(t)).cookie, otherSession]) {
      const elsewhere = await complete(token, cookie);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.code).toBe('TOKEN_INVALID');
      expect(sessionCookie(elsewhere)).toBeUndefined();
    }
    expect(await audited('admin.impersonation_started', customer.userId)).toHaveLength(0);
    const res = await complete(token, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().impersonatedBy).toEqual({ id: staff.userId, email: staff.email });
    staff.cookie =
      sessionCookie(
        await call(t, 'POST', '/auth/impersonation/end', undefined, { cookie: sessionCookie(res) }),
      ) ?? '';
    expect((await me(staff.cookie)).json().isAdmin).toBe(true);
  });

  it('refuses to impersonate staff, oneself, or an unknown user', async () => {
    const other = await signUp(t);
    await grantAdmin(t, other.userId);
    const theirs = await impersonate(staff.cookie, other.userId);
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([403, 'STAFF_ACCOUNT']);
    const own = await impersonate(staff.cookie, staff.userId);
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'OWN_ACCOUNT']);
    expect(
      (await impersonate(staff.cookie, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('is refused to customers', async () => {
    const customer = await signUp(t);
    const victim = await signUp(t);
    expect((await impersonate(customer.cookie, victim.userId)).statusCode).toBe(403);
  });

  it('answers impersonation/end in a normal session with 409', async () => {
    const customer = await signUp(t);
    expect(
      (await call(t, 'POST', '/auth/impersonation/end', undefined, { cookie: customer.cookie }))
        .statusCode,
    ).toBe(409);
  });
});
