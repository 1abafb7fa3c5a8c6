// Sessions (DESIGN §4): an opaque 256-bit token in the `__Host-session` cookie, only its SHA-256
// stored; idle expiry 7 days, absolute 30 days (30 minutes for an impersonation).
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Session } from '@secure-vault/shared';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { hashToken, randomToken } from './secrets.ts';
import { rowsOf } from '../db/rows.ts';

export const sessionCookieName = '__Host-session';
export const sessionIdleMs = 7 * 24 * 60 * 60_000;
export const sessionAbsoluteMs = 30 * 24 * 60 * 60_000;
export const impersonationSessionMs = 30 * 60_000;
/** last_seen_at is written at most this often. */
export const lastSeenResolutionMs = 60_000;

export interface RequestAuth {
  user: { id: string; email: string };
  session: {
    id: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    restoreSessionId: string | null;
    /** This session itself passed a second factor (staff powers need it, DESIGN §4). */
    hasPassedSecondFactor: boolean;
    /** This session was proven with a passkey (STAFF_2FA=passkey asks it of staff). */
    hasUsedPasskey: boolean;
  };
  /** Always false in an impersonation session: staff powers stay with the staff member's own session. */
  isAdmin: boolean;
  impersonatedBy: { id: string; email: string } | null;
  /** An authenticator app is on. */
  hasTwoFactor: boolean;
  /** The account has a passkey (a second factor too, and one that signs in alone). */
  hasPasskey: boolean;
}

/** A session just created: the token goes into the cookie and nowhere else. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
  body: Session;
}

export interface NewSessionInput {
  userId: string;
  now: Date;
  userAgent: string | null;
  impersonatorId?: string;
  restoreSessionId?: string | null;
  /** The sign-in that opens this session passed an authenticator or recovery code. */
  hasPassedSecondFactor?: boolean;
  /** …and that second factor, or the whole sign-in, was one of the account's passkeys. */
  hasUsedPasskey?: boolean;
}

/** Creates a session and returns its token and the body the API answers with. */
export async function createSession(db: Db, input: NewSessionInput): Promise<IssuedSession> {
  const token = randomToken();
  const lifetime = input.impersonatorId ? impersonationSessionMs : sessionAbsoluteMs;
  const expiresAt = new Date(input.now.getTime() + lifetime);
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
    userAgent: input.userAgent,
    impersonatorId: input.impersonatorId ?? null,
    restoreSessionId: input.restoreSessionId ?? null,
    secondFactorAt: input.hasPassedSecondFactor ? input.now : null,
    passkeyAt: input.hasUsedPasskey ? input.now : null,
    passwordConfirmedAt: input.impersonatorId ? null : input.now,
  });
  const auth = await findSession(db, token, input.now);
  if (!auth) throw new Error('the new session cannot be read back');
  return { token, expiresAt, body: sessionBody(auth) };
}

/** Gives a live session a fresh token (the old one stops working) and returns it. */
export async function reissueSession(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<IssuedSession | null> {
  const token = randomToken();
  const [updated] = await db
    .update(sessions)
    .set({ tokenHash: hashToken(token), lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), ...liveConditions(now)))
    .returning({ expiresAt: sessions.expiresAt });
  if (!updated) return null;
  const auth = await findSession(db, token, now);
  if (!auth) return null;
  return { token, expiresAt: updated.expiresAt, body: sessionBody(auth) };
}

function liveConditions(now: Date) {
  return [
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
  ];
}

/** A row of auth_session() (migration 0005): the one definition of a live session. */
export interface LiveSessionRow {
  session_id: string;
  session_created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  restore_session_id: string | null;
  second_factor_at: Date | null;
  passkey_at: Date | null;
  user_id: string;
  email: string;
  has_two_factor: boolean;
  has_passkey: boolean;
  has_admin_role: boolean;
  impersonator_id: string | null;
  impersonator_email: string | null;
}

/** The parameters of auth_session() for a token at `now`. */
export function liveSessionParams(token: string, now: Date): [string, string, string] {
  return [
    hashToken(token),
    now.toISOString(),
    new Date(now.getTime() - sessionIdleMs).toISOString(),
  ];
}

export function toRequestAuth(row: LiveSessionRow): RequestAuth {
  const impersonatedBy =
    row.impersonator_id && row.impersonator_email
      ? { id: row.impersonator_id, email: row.impersonator_email }
      : null;
  return {
    user: { id: row.user_id, email: row.email },
    session: {
      id: row.session_id,
      createdAt: new Date(row.session_created_at),
      lastSeenAt: new Date(row.last_seen_at),
      expiresAt: new Date(row.expires_at),
      restoreSessionId: row.restore_session_id,
      hasPassedSecondFactor: row.second_factor_at !== null,
      hasUsedPasskey: row.passkey_at !== null,
    },
    isAdmin: Boolean(row.has_admin_role) && impersonatedBy === null,
    impersonatedBy,
    hasTwoFactor: Boolean(row.has_two_factor),
    hasPasskey: Boolean(row.has_passkey),
  };
}

/** The live session a token belongs to, or null (unknown, revoked, idle or past its end). */
export async function findSession(db: Db, token: string, now: Date): Promise<RequestAuth | null> {
  const [hash, at, idleSince] = liveSessionParams(token, now);
  // Both drivers answer `execute` with `{ rows }`.
  const result: unknown = await db.execute(
    sql`select * from auth_session(${hash}, ${at}::timestamptz, ${idleSince}::timestamptz)`,
  );
  const [row] = rowsOf<LiveSessionRow>(result);
  return row ? toRequestAuth(row) : null;
}

/** Records activity, at most once a minute per session. */
export async function touchSession(db: Db, auth: RequestAuth, now: Date): Promise<void> {
  if (now.getTime() - auth.session.lastSeenAt.getTime() < lastSeenResolutionMs) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, auth.session.id));
}

export function sessionBody(auth: RequestAuth): Session {
  return {
    user: auth.user,
    isAdmin: auth.isAdmin,
    impersonatedBy: auth.impersonatedBy,
    hasTwoFactor: auth.hasTwoFactor,
    hasPasskey: auth.hasPasskey,
  };
}

/** Records that this session has just passed a second factor. */
export async function markSecondFactorPassed(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
}

/** Two-factor is off: no session of the user counts as having passed it any longer. */
export async function forgetSecondFactors(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: null })
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.secondFactorAt)));
}

/** Revokes a user's live sessions, except one when given; returns how many. */
export async function revokeSessions(
  db: Db,
  { userId, now, exceptId }: { userId: string; now: Date; exceptId?: string },
): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptId) conditions.push(ne(sessions.id, exceptId));
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return revoked.length;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

const cookieOptions = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, now: Date): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(sessionCookieName, session.token, { ...cookieOptions, maxAge });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName, cookieOptions);
}

/** Live sessions of a user, newest first (Settings). */
export async function listLiveSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      impersonatorId: sessions.impersonatorId,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ...liveConditions(now)))
    .orderBy(sql`${sessions.createdAt} desc`, sql`${sessions.id} desc`);
}
