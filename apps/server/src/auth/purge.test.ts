import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { oneTimeCodes, pendingSignUps, rateLimitEvents, sessions } from '../db/schema.ts';
import { call, signUp, testPassword, uniqueEmail } from '../test/auth-helpers.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { purgeExpiredAuthData } from './purge.ts';
import { deviceCookieMaxAgeMs } from './known-devices.ts';
import { knownDevices } from '../db/notifications-schema.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const rows = async (
  table:
    | typeof sessions
    | typeof oneTimeCodes
    | typeof pendingSignUps
    | typeof rateLimitEvents
    | typeof knownDevices,
) => (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('purgeExpiredAuthData', () => {
  it('keeps what may still matter and drops what cannot', async () => {
    const user = await signUp(t);
    await call(t, 'POST', '/auth/sign-up', { email: uniqueEmail(), password: testPassword });
    await call(t, 'POST', '/auth/sign-in', { email: user.email, password: 'wrong-password' });

    await purgeExpiredAuthData(t.ctx.db, clock.now());
    expect(await rows(sessions)).toBe(1);
    expect(await rows(pendingSignUps)).toBe(1);
    expect(await rows(rateLimitEvents)).toBeGreaterThan(0);
    expect(
      (await call(t, 'GET', '/auth/session', undefined, { cookie: user.cookie })).statusCode,
    ).toBe(200);

    clock.advance(2 * 24 * 60 * 60_000);
    await purgeExpiredAuthData(t.ctx.db, clock.now());
    expect(await rows(pendingSignUps)).toBe(0);
    expect(await rows(oneTimeCodes)).toBe(0);
    expect(await rows(rateLimitEvents)).toBe(0);
    expect(await rows(sessions)).toBe(1);

    clock.advance(90 * 24 * 60 * 60_000);
    await purgeExpiredAuthData(t.ctx.db, clock.now());
    expect(await rows(sessions)).toBe(0);
    // The sign-up's browser is still known: its cookie lives on.
    expect(await rows(knownDevices)).toBe(1);

    clock.advance(deviceCookieMaxAgeMs);
    await purgeExpiredAuthData(t.ctx.db, clock.now());
    expect(await rows(knownDevices)).toBe(0);
  });
});
