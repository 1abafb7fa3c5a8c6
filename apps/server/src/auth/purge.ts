// Removes rows that can no longer matter: used or expired codes and links, stale sign-ups,
// rate-limit events past every window, sessions ended a while ago, browsers unseen for as long
// as their cookie lives (one back after that is a new browser anyway). The audit log is kept.
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  authTokens,
  codeSends,
  oneTimeCodes,
  pendingSignUps,
  rateLimitEvents,
  sessions,
} from '../db/schema.ts';
import { knownDevices } from '../db/notifications-schema.ts';
import { deviceCookieMaxAgeMs } from './known-devices.ts';

const day = 24 * 60 * 60_000;
/** Longer than every rate-limit window and every code or link lifetime. */
const keepMs = day;
/** Ended sessions stay a while for support questions ("was I signed out?"). */
const keepEndedSessionsMs = 30 * day;

export async function purgeExpiredAuthData(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - keepMs);
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, before));
  await db.delete(codeSends).where(lt(codeSends.lastSentAt, before));
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before));
  await db.delete(pendingSignUps).where(lt(pendingSignUps.updatedAt, before));
  await db.delete(authTokens).where(lt(authTokens.expiresAt, before));
  const endedBefore = new Date(now.getTime() - keepEndedSessionsMs);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, endedBefore),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, endedBefore)),
        lt(sessions.lastSeenAt, new Date(endedBefore.getTime() - 7 * day)),
      ),
    );
  await db
    .delete(knownDevices)
    .where(lt(knownDevices.lastSeenAt, new Date(now.getTime() - deviceCookieMaxAgeMs)));
}
