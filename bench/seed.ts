// Seeds benchmark customers straight through the server's own services (no sign-up: argon2
// would dominate): an account, a live session and cash deposited through the ledger core.
import { randomBytes } from 'node:crypto';
// sessions.ts sets cookies on Fastify replies; its types come with the cookie plugin's.
import type {} from '@fastify/cookie';
import { dec } from '@secure-vault/shared/money';
import { createAccount } from '../apps/server/src/auth/accounts.ts';
import { createSession } from '../apps/server/src/auth/sessions.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { changeCash, lockCashPosition } from '../apps/server/src/features/vault/ledger.ts';

/** Migrates the database and returns one session token per customer. */
export async function seedCustomers(
  target: { url?: string; dataDir?: string },
  count: number,
  cash: string,
): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const run = randomBytes(4).toString('hex');
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const now = new Date();
      const { userId } = await createAccount(database.db, {
        email: `bench-${run}-${i}@example.com`,
        passwordHash: 'not-a-real-hash',
        roles: ['user'],
        now,
      });
      await database.db.transaction(async (tx) => {
        const position = await lockCashPosition(tx, userId, now);
        await changeCash(tx, position, userId, dec(cash), { kind: 'deposit' }, now);
      });
      const session = await createSession(database.db, { userId, now, userAgent: 'bench' });
      tokens.push(session.token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}
