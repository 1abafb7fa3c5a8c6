// Customers for vault and trading tests without the cost of signing up: an account from
// createUser, a session opened directly, and cash deposited through the ledger core.
import { createSession } from '../auth/sessions.ts';
import { knownCaller } from '../db/caller.ts';
import { creditCash } from '../ledger/cash.ts';
import type { TestApp } from './test-app.ts';
import { createUser } from './users.ts';

export interface Customer {
  userId: string;
  email: string;
  accountNumber: string;
  /** The session token, for `call(…, { cookie })`. */
  cookie: string;
}

/** Opens a session for an existing user and returns its token. */
export async function openSession(t: TestApp, userId: string): Promise<string> {
  const session = await createSession(t.ctx.db, {
    userId,
    now: t.ctx.clock.now(),
    userAgent: null,
  });
  return session.token;
}

/** Credits cash as a deposit would (journalled), in its own transaction. */
export async function depositCash(t: TestApp, userId: string, amount: string): Promise<void> {
  await creditCash(t.ctx.database, knownCaller(userId), {
    kind: 'deposit',
    amount,
    at: t.ctx.clock.now(),
  });
}

/** A signed-in customer, with `cash` dollars when given. */
export async function createCustomer(
  t: TestApp,
  options: { cash?: string; label?: string } = {},
): Promise<Customer> {
  const user = await createUser(t, options.label);
  if (options.cash) await depositCash(t, user.userId, options.cash);
  return { ...user, cookie: await openSession(t, user.userId) };
}
