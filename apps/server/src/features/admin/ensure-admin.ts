// The first staff account: ADMIN_EMAIL + ADMIN_PASSWORD at start-up, or `npm run admin`. Creates
// the account, or promotes an existing one without touching its password. Safe to run again.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';
import { createAccount } from '../../auth/accounts.ts';
import { writeAudit } from '../../auth/audit.ts';
import { hashPassword } from '../../auth/passwords.ts';

export type EnsureAdminResult = 'created' | 'promoted' | 'unchanged';

export interface AdminDeps {
  db: Db;
  clock: { now(): Date };
}

export async function ensureAdmin(
  deps: AdminDeps,
  input: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (existing) return promote(deps, existing.id);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Another instance may have created it meanwhile; then only promote.
    const [raced] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (raced) return promote({ db: tx, clock: deps.clock }, raced.id);
    const { userId } = await createAccount(tx, {
      email,
      passwordHash,
      roles: ['user', 'admin'],
      now,
    });
    await writeAudit(tx, {
      action: 'admin.account_created',
      actorId: null,
      subjectUserId: userId,
      at: now,
    });
    return 'created' as const;
  });
}

/** Grants the admin role to an existing account; 'missing' when there is none. */
export async function promoteAdmin(
  deps: AdminDeps,
  emailInput: string,
): Promise<EnsureAdminResult | 'missing'> {
  const email = emailInput.trim().toLowerCase();
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!existing) return 'missing';
  return promote(deps, existing.id);
}

async function promote(deps: AdminDeps, userId: string): Promise<EnsureAdminResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const granted = await tx
      .insert(userRoles)
      .values({ userId, role: 'admin', createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    if (granted.length === 0) return 'unchanged' as const;
    await writeAudit(tx, {
      action: 'admin.role_granted',
      actorId: null,
      subjectUserId: userId,
      details: { role: 'admin' },
      at: now,
    });
    return 'promoted' as const;
  });
}
