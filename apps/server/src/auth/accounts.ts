// Creating an account: the user, its roles and its profile with a fresh account number.
import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@secure-vault/shared';
import type { Db } from '../db/client.ts';
import { profiles, type Role, userRoles, users } from '../db/schema.ts';

/** Ten digits, random, not starting with 0, the last a Luhn check digit. */
export function generateAccountNumber(): string {
  const payload = String(randomInt(100_000_000, 1_000_000_000));
  return `${payload}${luhnCheckDigit(payload)}`;
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  roles: Role[];
  now: Date;
}

export async function createAccount(
  db: Db,
  account: NewAccount,
): Promise<{ userId: string; accountNumber: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email: account.email,
      passwordHash: account.passwordHash,
      createdAt: account.now,
      updatedAt: account.now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the user was not created');
  await db
    .insert(userRoles)
    .values(account.roles.map((role) => ({ userId: user.id, role, createdAt: account.now })));
  // A clash among 900 million numbers is rare; on one, draw again rather than fail the sign-up.
  for (let tries = 0; tries < 10; tries++) {
    const accountNumber = generateAccountNumber();
    const inserted = await db
      .insert(profiles)
      .values({
        userId: user.id,
        email: account.email,
        accountNumber,
        createdAt: account.now,
        updatedAt: account.now,
      })
      .onConflictDoNothing({ target: profiles.accountNumber })
      .returning({ accountNumber: profiles.accountNumber });
    if (inserted.length > 0) return { userId: user.id, accountNumber };
  }
  throw new Error('no free account number found');
}
