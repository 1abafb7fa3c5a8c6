// The deposit and withdrawal limits (config `requestLimits`, README "Deposit and withdrawal
// limits"; contract getRequestLimits): the most one request may be, and what a customer's
// pending and completed requests of one kind may add up to in the last 24 hours — a rolling
// window, so no hour of the day lets twice the limit through. The check runs in the request's
// own transaction under the customer's profile row lock, so two requests at once are counted
// one after the other and cannot pass the limit together.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  dailyLimitWindowHours,
  type RequestLimit,
  type RequestLimitDetails,
  type RequestLimitKind,
  type RequestLimits,
} from '@secure-vault/shared/banking/limits';
import { dec, type Dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import type { TransferType } from '@secure-vault/shared/transfers';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/in-transaction.ts';
import { transfers } from '../../db/banking-schema.ts';
import { profiles } from '../../db/schema.ts';
import { idempotencyKeys } from '../../db/vault-schema.ts';
import { AppError } from '../../errors.ts';

const typesOf: Record<RequestLimitKind, TransferType[]> = {
  deposit: ['card_deposit', 'bank_deposit'],
  withdrawal: ['withdrawal'],
};

/** The limit a request of this type counts against; asset to cash has none. */
export function limitKindOf(type: TransferType): RequestLimitKind | null {
  if (type === 'withdrawal') return 'withdrawal';
  return typesOf.deposit.includes(type) ? 'deposit' : null;
}

/** The customer's pending and completed requests of this kind in the 24 hours before `at`. */
async function usedBefore(db: Db, userId: string, kind: RequestLimitKind, at: Date) {
  const since = new Date(at.getTime() - dailyLimitWindowHours * 3_600_000);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transfers.amount}), 0)` })
    .from(transfers)
    .where(
      and(
        eq(transfers.userId, userId),
        inArray(transfers.type, typesOf[kind]),
        inArray(transfers.status, ['pending', 'completed']),
        gt(transfers.createdAt, since),
      ),
    );
  return dec(row?.total ?? '0');
}

function limitFigures(limit: Config['requestLimits'][RequestLimitKind], used: Dec): RequestLimit {
  const left = dec(limit.daily).minus(used);
  return {
    perRequest: limit.perRequest,
    daily: limit.daily,
    usedToday: toFixedString(used, usdScale),
    remainingToday: toFixedString(left.isNegative() ? dec(0) : left, usdScale),
  };
}

export async function getRequestLimits(ctx: AppContext, userId: string): Promise<RequestLimits> {
  const at = ctx.clock.now();
  const [deposit, withdrawal] = await Promise.all([
    usedBefore(ctx.db, userId, 'deposit', at),
    usedBefore(ctx.db, userId, 'withdrawal', at),
  ]);
  return {
    deposit: limitFigures(ctx.config.requestLimits.deposit, deposit),
    withdrawal: limitFigures(ctx.config.requestLimits.withdrawal, withdrawal),
  };
}

const nouns: Record<RequestLimitKind, string> = { deposit: 'deposit', withdrawal: 'withdrawal' };

/**
 * Refuses a request over its limits, inside the transaction that then opens it: takes the
 * customer's profile row (FOR UPDATE, as a staff decision on their book balance does), so
 * requests of one customer are counted one at a time. A key already used is the same request
 * again: it is let through for the ledger to replay its first answer (or refuse the key).
 */
export async function holdWithinLimit(
  tx: Tx,
  config: Config,
  request: { userId: string; kind: RequestLimitKind; amount: string; at: Date; key: string },
): Promise<void> {
  const limit = config.requestLimits[request.kind];
  await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, request.userId))
    .for('update');
  const [used] = await tx
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (used) return;
  const noun = nouns[request.kind];
  if (dec(request.amount).greaterThan(limit.perRequest)) {
    const details: RequestLimitDetails['OVER_REQUEST_LIMIT'] = {
      kind: request.kind,
      limit: limit.perRequest,
    };
    throw new AppError('OVER_REQUEST_LIMIT', `One ${noun} may be at most $${limit.perRequest}.`, {
      details,
    });
  }
  const figures = limitFigures(
    limit,
    await usedBefore(tx, request.userId, request.kind, request.at),
  );
  if (dec(request.amount).greaterThan(figures.remainingToday)) {
    const details: RequestLimitDetails['OVER_DAILY_LIMIT'] = {
      kind: request.kind,
      limit: limit.daily,
      remaining: figures.remainingToday,
    };
    throw new AppError(
      'OVER_DAILY_LIMIT',
      `Your ${noun}s of the last 24 hours may add up to at most $${limit.daily}; $${figures.remainingToday} is left.`,
      { details },
    );
  }
}
