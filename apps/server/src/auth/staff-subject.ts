// Who staff may act on (DESIGN §4 "Dual control"): never their own account, never another
// staff account (staff are managed with `npm run admin`). Every staff operation with a customer
// as its subject asks here first; the approvals table's CHECKs and trigger say the same again.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userRoles, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Refuses a staff member acting on `subjectUserId` when it is their own account or another
 * staff account (DESIGN §4); NOT_FOUND when there is no such account.
 */
export async function assertStaffMayActOn(
  db: Pick<Db, 'select'>,
  staffId: string,
  subjectUserId: string,
): Promise<void> {
  const [subject] = await db
    .select({ id: users.id, role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(eq(users.id, subjectUserId));
  if (!subject) throw new AppError('NOT_FOUND', 'No such user.');
  if (subject.id === staffId) {
    throw new AppError(
      'OWN_ACCOUNT',
      'Staff cannot act on their own account; another staff member must.',
    );
  }
  if (subject.role === 'admin') {
    throw new AppError(
      'STAFF_ACCOUNT',
      'Staff accounts cannot be changed from the admin panel; they are managed with the admin command.',
    );
  }
}
