// Which browsers an account has signed in from (DESIGN §5, issue 28): each browser carries a
// long-lived random cookie of its own (`__Host-device`), given on its first sign-in, sign-up or
// reset; the account keeps its SHA-256. A sign-in from a browser the account has not seen is a
// security notice, in the sign-in's transaction: what (the browser and system, in coarse
// terms), where (the network, never the whole address) and when. An account that knows no
// browser yet (one made before this, or by staff) learns its first one quietly.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/in-transaction.ts';
import { knownDevices } from '../db/notifications-schema.ts';
import { notifyCustomer } from '../mail/notify.ts';
import type { RequestMeta } from './request-meta.ts';
import { hashToken } from './secrets.ts';

export const deviceCookieName = '__Host-device';
/**
 * How long a browser's cookie lives from its last sign-in; the account forgets a browser unseen
 * for as long (auth/purge.ts), since it would come back without the cookie anyway.
 */
export const deviceCookieMaxAgeMs = 400 * 24 * 60 * 60_000;
const devicePattern = /^[A-Za-z0-9_-]{43}$/;

/** The browser's own token: its cookie when it has a well-formed one, else a new one. */
export function deviceTokenOf(request: FastifyRequest): { token: string; isNew: boolean } {
  const token = request.cookies[deviceCookieName];
  if (token && devicePattern.test(token)) return { token, isNew: false };
  return { token: randomBytes(32).toString('base64url'), isNew: true };
}

export function setDeviceCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(deviceCookieName, token, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    maxAge: deviceCookieMaxAgeMs / 1000,
  });
}

const browsers: readonly (readonly [RegExp, string])[] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: readonly (readonly [RegExp, string])[] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The browser and system a User-Agent names, in coarse terms ("Chrome", "Windows"), if it does. */
export function deviceOf(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  const ua = userAgent ?? '';
  return {
    browser: browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}

/** The network in coarse terms: an IPv4 address's first three parts, an IPv6 one's first three groups. */
export function networkOf(ip: string | null): string | null {
  if (!ip) return null;
  if (ip.includes('.')) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  const groups = ip.split('::')[0]?.split(':').filter(Boolean) ?? [];
  return `${groups.slice(0, 3).join(':')}::/48`;
}

/**
 * Remembers the browser for the account at `now`, the change's time, in its transaction; when
 * `tell` and the account knew other browsers but not this one, the customer is told of the
 * sign-in.
 */
export async function rememberDevice(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  device: string,
  meta: RequestMeta,
  { now, tell }: { now: Date; tell: boolean },
): Promise<void> {
  const deviceHash = hashToken(device);
  const [known] = await tx
    .select({ n: count() })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  const added = await tx
    .insert(knownDevices)
    .values({ userId, deviceHash, userAgent: meta.userAgent, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  if (added.length === 0) {
    await tx
      .update(knownDevices)
      .set({ lastSeenAt: now, userAgent: meta.userAgent })
      .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
    return;
  }
  if (!tell || (known?.n ?? 0) === 0) return;
  await notifyCustomer(
    tx,
    userId,
    'new_sign_in',
    {
      language: meta.language,
      appUrl: ctx.config.appUrl,
      at: now.toISOString(),
      ...deviceOf(meta.userAgent),
      network: networkOf(meta.ip),
    },
    now,
  );
}
