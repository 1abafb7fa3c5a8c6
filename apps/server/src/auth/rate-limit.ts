// Rate limits counted in PostgreSQL (DESIGN §8, decision 004): each limited action appends an
// event, and the events of a bucket and key inside the window are counted. Keys are keyed hashes
// of the email, the IP or a pair of them, so the table holds no addresses.
import { and, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
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
const day = 24 * hour;

// Guessing limits (sign-in, second factor) follow decision 010: per (subject, address), per
// address, and per subject from anywhere; over the last the subject is guarded, not locked.
export const limits = {
  /** Failed sign-ins (wrong password or second factor) per (email, address): stops that pair. */
  signInPair: { bucket: 'sign_in_failure:pair', max: 10, windowMs: 15 * minute },
  /** Failed sign-ins per address, whatever the email (credential stuffing from one place). */
  signInIp: { bucket: 'sign_in_failure:ip', max: 30, windowMs: 15 * minute },
  /** Failed sign-ins per email from anywhere; past it the account is guarded (decision 010). */
  signInEmail: { bucket: 'sign_in_failure:email', max: 100, windowMs: day },
  /** While guarded, a pair may have failed this often (this try included): once an hour. */
  signInGuardedPair: { bucket: 'sign_in_failure:pair', max: 1, windowMs: hour },
  /** Wrong second-factor codes per (user, address), wherever a code is asked for. */
  secondFactorPair: { bucket: 'second_factor_failure:pair', max: 5, windowMs: 15 * minute },
  /** Wrong second-factor codes per user from anywhere; past it the user is guarded. */
  secondFactorUser: { bucket: 'second_factor_failure:user', max: 20, windowMs: day },
  /** While guarded, a pair may have failed a code once a day: 10^6 codes need a tight budget. */
  secondFactorGuardedPair: { bucket: 'second_factor_failure:pair', max: 1, windowMs: day },
  /** Wrong current passwords on a password change, per user: only a session holder adds to it. */
  passwordChangeUser: { bucket: 'password_change_failure:user', max: 10, windowMs: 15 * minute },
  /** Passkey challenges issued per address: every passkey answer needs one of its own. */
  passkeyChallengeIp: { bucket: 'passkey_challenge:ip', max: 300, windowMs: 15 * minute },
  codeSendEmail: { bucket: 'code_send:email', max: 5, windowMs: hour },
  codeSendIp: { bucket: 'code_send:ip', max: 20, windowMs: hour },
  passwordResetEmail: { bucket: 'password_reset:email', max: 5, windowMs: hour },
  passwordResetIp: { bucket: 'password_reset:ip', max: 20, windowMs: hour },
  /** Reset links checked when their page opens, per address: a few per link, not a scan. */
  passwordResetCheckIp: { bucket: 'password_reset_check:ip', max: 30, windowMs: hour },
  /** Confirmation-of-payee lookups per user: plenty for people, too few to list customers. */
  recipientLookupUser: { bucket: 'recipient_lookup:user', max: 30, windowMs: 15 * minute },
  /**
   * Signed statements and proofs of holdings drawn per user (each costs 0.1–0.5 s of CPU): a
   * year of statements in both languages fits, a loop of them does not.
   */
  signedDocumentUser: { bucket: 'signed_document:user', max: 20, windowMs: 10 * minute },
} satisfies Record<string, Limit>;

/**
 * How long a bucket's events are kept: its longest window, since some buckets are counted over
 * two windows (a pair's 15 minutes, and its hour or day while guarded).
 */
const keepMsByBucket = new Map<string, number>();
for (const { bucket, windowMs } of Object.values(limits)) {
  keepMsByBucket.set(bucket, Math.max(keepMsByBucket.get(bucket) ?? 0, windowMs));
}

export interface LimitHit {
  limit: Limit;
  /**
   * The raw value (email, IP, user id); only its keyed hash is stored. Null is an address that
   * could not be read (auth/request-meta.ts): every such caller shares one key.
   */
  value: string | null;
}

/** The key of callers without a readable address: no address, email or id is spelled so. */
export const unknownAddress = '?';

export interface RecordedHits {
  ids: string[];
  /** The limits now over their maximum (empty: none). */
  over: Limit[];
}

interface KeyedHit {
  limit: Limit;
  key: string;
}

const keyOf = (dataKey: Buffer, { limit, value }: LimitHit): KeyedHit => ({
  limit,
  key: keyedHash(dataKey, `${limit.bucket}:${value ?? unknownAddress}`),
});

const inWindow = ({ limit, key }: KeyedHit, now: Date): SQL | undefined =>
  and(
    eq(rateLimitEvents.bucket, limit.bucket),
    eq(rateLimitEvents.key, key),
    gt(rateLimitEvents.createdAt, new Date(now.getTime() - limit.windowMs)),
  );

/** The events of each hit's bucket and key inside its window, in one statement. */
async function countEvents(db: Db, now: Date, hits: KeyedHit[]): Promise<number[]> {
  const columns: Record<string, SQL<number>> = {};
  hits.forEach((hit, i) => {
    columns[`n${i}`] = sql<number>`count(*) filter (where ${inWindow(hit, now)})`.mapWith(Number);
  });
  const [row] = await db
    .select(columns)
    .from(rateLimitEvents)
    .where(or(...hits.map((hit) => inWindow(hit, now))));
  return hits.map((_, i) => row?.[`n${i}`] ?? 0);
}

/**
 * Records one event per hit, then counts: every event is written before anything is counted, so
 * concurrent requests cannot all slip under a limit. Three statements whatever the number of hits.
 */
export async function recordHits(
  db: Db,
  dataKey: Buffer,
  now: Date,
  hits: LimitHit[],
): Promise<RecordedHits> {
  if (hits.length === 0) return { ids: [], over: [] };
  const keyed = hits.map((hit) => keyOf(dataKey, hit));
  // Events past every window of their bucket can never count again.
  await db
    .delete(rateLimitEvents)
    .where(
      or(
        ...keyed.map(({ limit, key }) =>
          and(
            eq(rateLimitEvents.bucket, limit.bucket),
            eq(rateLimitEvents.key, key),
            lte(
              rateLimitEvents.createdAt,
              new Date(now.getTime() - (keepMsByBucket.get(limit.bucket) ?? limit.windowMs)),
            ),
          ),
        ),
      ),
    );
  const rows = await db
    .insert(rateLimitEvents)
    .values(keyed.map(({ limit, key }) => ({ bucket: limit.bucket, key, createdAt: now })))
    .returning({ id: rateLimitEvents.id });
  const counts = await countEvents(db, now, keyed);
  const over = keyed.filter((hit, i) => (counts[i] ?? 0) > hit.limit.max).map((hit) => hit.limit);
  return { ids: rows.map((row) => row.id), over };
}

/** Counts a bucket's events for a value inside the limit's window, recording nothing. */
export async function countHits(
  db: Db,
  dataKey: Buffer,
  now: Date,
  hit: LimitHit,
): Promise<number> {
  const [n] = await countEvents(db, now, [keyOf(dataKey, hit)]);
  return n ?? 0;
}

/**
 * What a statement needs to count a bucket's events for a value itself (ledger_transfer): the
 * bucket, the keyed hash, the start of the window and the limit.
 */
export function limitWindow(
  dataKey: Buffer,
  now: Date,
  hit: LimitHit,
): { bucket: string; key: string; since: Date; max: number } {
  const { limit, key } = keyOf(dataKey, hit);
  return {
    bucket: limit.bucket,
    key,
    since: new Date(now.getTime() - limit.windowMs),
    max: limit.max,
  };
}

/** Takes back events recorded by recordHits (an attempt that turned out not to count). */
export async function forgetHits(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
}
