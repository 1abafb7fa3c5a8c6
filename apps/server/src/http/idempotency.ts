// Idempotency keys for money-moving requests (DESIGN §3, decision 007): the HTTP side. The key
// is read and the request hashed here; the ledger's movement claims the key, moves and stores its
// answer in one statement (ledger_claim_key, migration 0005), so a request either moved money
// and left its answer, or did neither. A replay with the same body gets the stored answer and
// moves nothing; the same key with another body is refused. Two requests with one key at once:
// the second waits on the first's uncommitted key row, then replays it. A request that fails
// rolls back with its key: a retry with that key runs again, which is safe as nothing moved.
//
// Keys are honoured for a day, then purged hourly; after that a repeat runs as a new request.
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idempotencyHeader,
  idempotencyKeyPattern,
  idempotentReplayHeader,
} from '@secure-vault/shared';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/vault-schema.ts';
import type { Idempotency, Outcome } from '../ledger/movement.ts';
import { AppError } from '../errors.ts';

/**
 * Declares the header for OpenAPI. Use with `requireIdempotencyKey` as the route's preValidation
 * hook, which answers a missing or malformed key with IDEMPOTENCY_KEY_REQUIRED before this
 * schema could answer VALIDATION.
 */
export const idempotencyHeadersSchema = z.looseObject({
  [idempotencyHeader]: z
    .string()
    .regex(idempotencyKeyPattern)
    .describe('8–100 visible characters, fresh for each user action'),
});

/** The key of a request, or IDEMPOTENCY_KEY_REQUIRED (missing or malformed). */
export function readIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[idempotencyHeader];
  if (value === undefined || value === '') {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'Send an Idempotency-Key header with this request.',
    );
  }
  if (typeof value !== 'string' || !idempotencyKeyPattern.test(value)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'The Idempotency-Key header must be 8 to 100 visible characters.',
    );
  }
  return value;
}

/** Route hook (preValidation): refuses a request without a usable key before anything else. */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  readIdempotencyKey(request);
}

/** JSON with object keys sorted at every level, so key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** The key of a request and the hash of its method, path and parsed body. */
export function idempotencyOf(request: FastifyRequest): Idempotency {
  const path = request.url.split('?')[0] ?? request.url;
  return {
    key: readIdempotencyKey(request),
    requestHash: requestHash(request.method, path, request.body),
  };
}

/** Sends a ledger outcome, marking a replay with the Idempotent-Replayed header. */
export function sendIdempotent<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if (outcome.isReplay) reply.header(idempotentReplayHeader, 'true');
  return reply.status(outcome.status).send(outcome.body);
}

/**
 * How long a key is honoured. Neither DESIGN §3 nor decision 007 states a window, so 24 hours:
 * the web app reuses a key only to retry the same confirmed order from the same page, which
 * happens within minutes.
 */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000;

/** Deletes the keys older than their lifetime; younger ones keep replaying. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - idempotencyKeyLifetimeMs);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

const purgeIntervalMs = 60 * 60_000;

/** Purges expired keys hourly while the app runs (safe on several instances at once). */
export function scheduleIdempotencyKeyPurge(app: FastifyInstance, ctx: AppContext): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running = purgeExpiredIdempotencyKeys(ctx.db, ctx.clock.now()).catch((err: unknown) =>
      ctx.logger.error({ err }, 'clean-up of old idempotency keys failed'),
    );
  }, purgeIntervalMs);
  timer.unref();
  // Stop before the database closes, letting a purge under way finish.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
