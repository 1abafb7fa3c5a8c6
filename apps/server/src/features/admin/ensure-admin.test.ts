import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidAccountNumber } from '@secure-vault/shared';
import { profiles, userRoles, users } from '../../db/schema.ts';
import { call, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureAdmin, promoteAdmin } from './ensure-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rolesOf = async (userId: string) =>
  (await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, userId)))
    .map((r) => r.role)
    .sort();

describe('ensureAdmin (ADMIN_EMAIL at start-up, npm run admin)', () => {
  it('creates a staff account with a profile, and running it again changes nothing', async () => {
    const email = uniqueEmail('boss');
    expect(
      await ensureAdmin(t.ctx, { email: email.toUpperCase(), password: 'boss password' }),
    ).toBe('created');
    expect(await ensureAdmin(t.ctx, { email, password: 'boss password' })).toBe('unchanged');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(await rolesOf(user?.id ?? '')).toEqual(['admin', 'user']);
    const [profile] = await t.ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user?.id ?? ''));
    expect(isValidAccountNumber(profile?.accountNumber ?? '')).toBe(true);
    const signedIn = await call(t, 'POST', '/auth/sign-in', { email, password: 'boss password' });
    expect(signedIn.json().isAdmin).toBe(true);
  });

  it('promotes an existing account without changing its password', async () => {
    const customer = await signUp(t);
    expect(await ensureAdmin(t.ctx, { email: customer.email, password: 'another password' })).toBe(
      'promoted',
    );
    expect(await rolesOf(customer.userId)).toEqual(['admin', 'user']);
    expect(
      (
        await call(t, 'POST', '/auth/sign-in', {
          email: customer.email,
          password: customer.password,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t, 'POST', '/auth/sign-in', {
          email: customer.email,
          password: 'another password',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('promote names a missing account', async () => {
    expect(await promoteAdmin(t.ctx, uniqueEmail())).toBe('missing');
    const customer = await signUp(t);
    expect(await promoteAdmin(t.ctx, customer.email)).toBe('promoted');
    expect(await promoteAdmin(t.ctx, customer.email)).toBe('unchanged');
  });
});
