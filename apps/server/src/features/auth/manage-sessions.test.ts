import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { limits } from '../../auth/rate-limit.ts';
import { totpCode } from '../../auth/totp.ts';
import { call, enableTwoFactor, randomIp, signIn, signUp } from '../../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const me = (cookie: string | undefined) => call(t, 'GET', '/auth/session', undefined, { cookie });
const list = (cookie: string) => call(t, 'GET', '/auth/sessions', undefined, { cookie });

describe('my sessions', () => {
  it('lists live sessions newest first, marking this one, without tokens', async () => {
    const user = await signUp(t);
    clock.advance(60_000);
    const second = await call(
      t,
      'POST',
      '/auth/sign-in',
      { email: user.email, password: user.password },
      {
        headers: { 'user-agent': 'Firefox test' },
      },
    );
    const secondCookie = second.cookies.find((c) => c.name === '__Host-session')?.value ?? '';
    const res = await list(user.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      userAgent: 'Firefox test',
      isCurrent: false,
      isImpersonation: false,
    });
    expect(items[1]).toMatchObject({ isCurrent: true });
    expect(Object.keys(items[0]).sort()).toEqual([
      'createdAt',
      'id',
      'isCurrent',
      'isImpersonation',
      'lastSeenAt',
      'userAgent',
    ]);
    expect(res.body).not.toContain(user.cookie);
    expect(res.body).not.toContain(secondCookie);
  });

  it('ends one of my sessions, but answers 404 for anyone else’s', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email);
    const stranger = await signUp(t);
    const [mine] = (await list(other)).json().filter((s: { isCurrent: boolean }) => s.isCurrent);
    const theirs = (await list(stranger.cookie)).json()[0];

    const refused = await call(t, 'DELETE', `/auth/sessions/${theirs.id}`, undefined, {
      cookie: user.cookie,
    });
    expect(refused.statusCode).toBe(404);
    expect((await me(stranger.cookie)).statusCode).toBe(200);

    const res = await call(t, 'DELETE', `/auth/sessions/${mine.id}`, undefined, {
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(
      (await call(t, 'DELETE', `/auth/sessions/${mine.id}`, undefined, { cookie: user.cookie }))
        .statusCode,
    ).toBe(404);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectUserId, user.userId), eq(auditLog.action, 'auth.session_revoked')),
      );
    expect(rows).toHaveLength(1);
  });

  it('ends every other session on request', async () => {
    const user = await signUp(t);
    const a = await signIn(t, user.email);
    const b = await signIn(t, user.email);
    const res = await call(t, 'POST', '/auth/sessions/revoke-others', undefined, {
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(204);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await list(user.cookie)).json()).toHaveLength(1);
  });
});

describe('two-factor set-up', () => {
  it('does not show the secret again, refuses a wrong first code, and refuses a second set-up once on', async () => {
    const user = await signUp(t);
    const setup = await call(t, 'POST', '/auth/totp/setup', undefined, { cookie: user.cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect((await me(user.cookie)).json().hasTwoFactor).toBe(false);

    const wrong = await call(
      t,
      'POST',
      '/auth/totp/enable',
      { code: '000000' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('TOTP_INVALID');

    const enabled = await call(
      t,
      'POST',
      '/auth/totp/enable',
      { code: totpCode(secret, clock.now()) },
      { cookie: user.cookie },
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect((await me(user.cookie)).body).not.toContain(secret);

    const again = await call(t, 'POST', '/auth/totp/setup', undefined, { cookie: user.cookie });
    expect(again.statusCode).toBe(409);
  });

  it('turns off with a current code, and is audited', async () => {
    const user = await signUp(t);
    const { secret } = await enableTwoFactor(t, user.cookie);
    clock.advance(30_000);
    const res = await call(
      t,
      'POST',
      '/auth/totp/disable',
      { code: totpCode(secret, clock.now()) },
      { cookie: user.cookie },
    );
    expect(res.statusCode).toBe(204);
    expect((await me(user.cookie)).json().hasTwoFactor).toBe(false);
    await signIn(t, user.email);
    const actions = (
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.userId))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.totp_enabled', 'auth.totp_disabled']));
  });

  it('turns off with a recovery code, and refuses a wrong code', async () => {
    const user = await signUp(t);
    const { recoveryCodes } = await enableTwoFactor(t, user.cookie);
    const wrong = await call(
      t,
      'POST',
      '/auth/totp/disable',
      { code: 'aaaaa-aaaaa' },
      { cookie: user.cookie },
    );
    expect(wrong.json().error.code).toBe('TOTP_INVALID');
    const res = await call(
      t,
      'POST',
      '/auth/totp/disable',
      { code: recoveryCodes[3] },
      { cookie: user.cookie },
    );
    expect(res.statusCode).toBe(204);
  });

  it('limits wrong codes per user and address', async () => {
    const user = await signUp(t);
    await call(t, 'POST', '/auth/totp/setup', undefined, { cookie: user.cookie });
    const ip = randomIp();
    const enable = (from: string) =>
      call(t, 'POST', '/auth/totp/enable', { code: '000000' }, { cookie: user.cookie, ip: from });
    for (let i = 0; i < limits.secondFactorPair.max; i++) {
      expect((await enable(ip)).statusCode).toBe(400);
    }
    expect((await enable(ip)).statusCode).toBe(429);
    expect((await enable(randomIp())).statusCode).toBe(400);
  });
});
