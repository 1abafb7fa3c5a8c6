// Rate limits counted in PostgreSQL (DESIGN §8): each limited action appends an event, and the
// events of a bucket and key inside the window are counted. Keys are keyed hashes of the email
// or IP, so the table holds no addresses.
import { and, count, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema.ts';
import { keyedHash } from './secrets.ts';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

const minute = 60_000;
const hour = 60 * minute;

export const limits = {
  signInEmail: { bucket: 'sign_in_failure:email', max: 10, windowMs: 15 * minute },
  signInIp: { bucket: 'sign_in_failure:ip', max: 30, windowMs: 15 * minute },
  codeSendEmail: { bucket: 'code_send:email', max: 5, windowMs: hour },
  codeSendIp: { bucket: 'code_send:ip', max: 20, windowMs: hour },
  passwordResetEmail: { bucket: 'password_reset:email', max: 5, windowMs: hour },
  passwordResetIp: { bucket: 'password_reset:ip', max: 20, windowMs: hour },
  /** Wrong authenticator codes while enabling or disabling two-factor, per user. */
  totpUser: { bucket: 'totp_failure:user', max: 10, windowMs: 15 * minute },
} satisfies Record<string, Limit>;

export interface LimitHit {
  limit: Limit;
  /** The raw value (email, IP, user id); only its keyed hash is stored. */
  value: string;
}

export interface RecordedHits {
  ids: string[];
  /** True when any of the limits is now over its maximum. */
  isOver: boolean;
}

/**
 * Records one event per hit, then counts: the event is written before the count, so concurrent
 * requests cannot all slip under the limit.
 */
export async function recordHits(
  db: Db,
  dataKey: Buffer,
  now: Date,
  hits: LimitHit[],
): Promise<RecordedHits> {
  const ids: string[] = [];
  let isOver = false;
  for (const { limit, value } of hits) {
    const key = keyedHash(dataKey, `${limit.bucket}:${value}`);
    const since = new Date(now.getTime() - limit.windowMs);
    await db
      .delete(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, limit.bucket),
          eq(rateLimitEvents.key, key),
          lte(rateLimitEvents.createdAt, since),
        ),
      );
    const [row] = await db
      .insert(rateLimitEvents)
      .values({ bucket: limit.bucket, key, createdAt: now })
      .returning({ id: rateLimitEvents.id });
    if (row) ids.push(row.id);
    const [counted] = await db
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, limit.bucket),
          eq(rateLimitEvents.key, key),
          gt(rateLimitEvents.createdAt, since),
        ),
      );
    if ((counted?.n ?? 0) > limit.max) isOver = true;
  }
  return { ids, isOver };
}

/** Takes back events recorded by recordHits (an attempt that turned out not to count). */
export async function forgetHits(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}
