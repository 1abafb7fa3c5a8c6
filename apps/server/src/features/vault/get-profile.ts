// The signed-in user's profile (SPEC §3), for the dashboard and settings.
import { eq } from 'drizzle-orm';
import type { Profile } from '@secure-vault/shared/vault';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { toProfile } from './wire.ts';

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', 'No profile found');
  return toProfile(row);
}
