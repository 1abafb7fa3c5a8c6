// Fast test users straight through createAccount (no password hashing, no mail): for tests
// about the vault rather than about signing in.
import { randomUUID } from 'node:crypto';
import { createAccount } from '../auth/accounts.ts';
import type { TestApp } from './test-app.ts';

export async function createUser(
  t: TestApp,
  label = 'customer',
): Promise<{ userId: string; email: string; accountNumber: string }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { userId, accountNumber } = await createAccount(t.ctx.db, {
    email,
    passwordHash: 'not-a-real-hash',
    roles: ['user'],
    now: t.ctx.clock.now(),
  });
  return { userId, email, accountNumber };
}
