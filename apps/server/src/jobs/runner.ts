// The job runner (DESIGN §5, decision 016): due work lives in the `jobs` table, and any number of
// server processes take it with FOR UPDATE SKIP LOCKED, one job per transaction, the work and its
// completion committed together. Each kind of job is a handler below (its work a ledger function
// call); a job that fails is retried with backoff; a process killed midway leaves its job to the
// next runner. Its kinds: a fixed term's maturity, and a recurring buy's period. The price feed, when there is
// one, is polled on a timer of its own (PRICE_FEED_INTERVAL_SECONDS), claimed the same way: one
// process polls per interval (prices/feed-poll.ts, decision 029).
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FixedTerm } from '@secure-vault/shared/custody';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/custody-schema.ts';
import { databaseIn } from '../db/in-transaction.ts';
import { matureTerm } from '../ledger/custody.ts';
import { expireOrders, fillCrossedOrders } from '../ledger/orders.ts';
import { purgeSentMail } from '../mail/purge-sent-mail.ts';
import { declareFeed, pollPriceFeed } from '../prices/feed-poll.ts';
import { forRequest } from '../request-context.ts';
import { runRecurringBuy } from './recurring-buy.ts';
import { recurringBuyJob } from './recurring-schedule.ts';
import { fieldOf } from '../errors.ts';

export interface JobOutcome {
  id: string;
  kind: string;
  /** The request that scheduled the job (request-context.ts), if one did. */
  requestId: string | null;
  /** What the job did (the matured term, the period's outcome), or null when nothing. */
  result: unknown;
  /** Why the work failed (it will be retried), else null. */
  failure: string | null;
}

/**
 * What each kind of job does: `run` inside the transaction that claimed the job (a savepoint of
 * it), so the work and "done" commit together; `after`, once that has committed (an email).
 */
interface JobHandler {
  run(
    ctx: AppContext,
    database: Database,
    payload: Record<string, unknown>,
    at: Date,
  ): Promise<unknown>;
  /** `at` is the time the job ran as (what it queued is due then). */
  after(ctx: AppContext, result: unknown, at: Date): Promise<void>;
}

/** What a job that queued mail, if it did anything, does after commit: send it. */
async function sendIfDone(ctx: AppContext, result: unknown, at: Date): Promise<void> {
  if (result) await ctx.mailer.deliverQueued(at);
}

const handlers: Record<string, JobHandler> = {
  fixed_term_maturity: {
    // The customer's email is queued with the maturity (ledger_mature_term), then sent.
    run: (_ctx, database, payload, at): Promise<FixedTerm | null> =>
      matureTerm(database, { id: String(payload.termId), at }),
    after: sendIfDone,
  },
  // A recurring buy's period, its notice queued with it (jobs/recurring-buy.ts).
  [recurringBuyJob]: {
    run: (ctx, database, payload, at) => runRecurringBuy(database, ctx.config.appUrl, payload, at),
    after: sendIfDone,
  },
};

/** 30 s after the first failure, doubling with each, at most an hour. */
function retryAt(at: Date, attempts: number): Date {
  return new Date(at.getTime() + Math.min(3600, 30 * 2 ** attempts) * 1000);
}

/** Why the work failed: the database's own message, not the driver's wrapping of it. */
function failureText(err: unknown): string {
  const cause = fieldOf(err, 'cause') ?? err;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * One step: claims the oldest due job no other runner holds (FOR UPDATE SKIP LOCKED), runs its
 * handler and marks it done, in one transaction; a runner killed midway rolls both back and
 * another one takes the job. Work that fails is rolled back to its savepoint and the job retried
 * later, with its error kept. Null when nothing is due.
 */
async function runOne(
  ctx: AppContext,
  at: Date,
): Promise<{ outcome: JobOutcome; after?: () => Promise<void> } | null> {
  return ctx.database.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, at)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`unknown job kind ${job.kind}`);
      const inTx = databaseIn(ctx.database, tx);
      // Run as the request that scheduled it, which what it queues (its email) names too.
      const result = await forRequest(job.requestId, () =>
        inTx.transaction((work) =>
          handler.run(ctx, databaseIn(ctx.database, work), job.payload, at),
        ),
      );
      await tx
        .update(jobs)
        .set({ doneAt: at, attempts: job.attempts + 1, lastError: null })
        .where(eq(jobs.id, job.id));
      return {
        outcome: { id: job.id, kind: job.kind, requestId: job.requestId, result, failure: null },
        // What the job then does (the maturity mail) is queued under the job's request too.
        after: () => forRequest(job.requestId, () => handler.after(ctx, result, at)),
      };
    } catch (err) {
      const failure = failureText(err);
      await tx
        .update(jobs)
        .set({
          attempts: job.attempts + 1,
          lastError: failure.slice(0, 500),
          runAt: retryAt(at, job.attempts),
        })
        .where(eq(jobs.id, job.id));
      return {
        outcome: { id: job.id, kind: job.kind, requestId: job.requestId, result: null, failure },
      };
    }
  });
}

/** Runs due jobs as of `at`, one transaction each, until none is due or `max` ran. */
export async function runDueJobs(ctx: AppContext, at: Date, max = 100): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  while (outcomes.length < max) {
    const step = await runOne(ctx, at);
    if (!step) break;
    outcomes.push(step.outcome);
    if (step.outcome.failure !== null) {
      ctx.logger.error(
        {
          job: step.outcome.id,
          kind: step.outcome.kind,
          reqId: step.outcome.requestId ?? undefined,
        },
        'job failed; it will be retried',
      );
    }
    await step.after?.();
  }
  return outcomes;
}

/**
 * Every `JOB_INTERVAL_MS` (15 s by default; 0: never, for tests), each process runs due jobs, then
 * sends the kept mail that is due, then deletes sent mail past its retention, then says which
 * price feed it runs with (none lifts every halt once every process says so), then expires limit
 * orders past their day and fills any the book crosses. The feed is polled
 * on its own timer.
 */
export function scheduleJobs(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.jobIntervalMs === 0) return;
  schedulePriceFeed(app, ctx);
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    const at = ctx.clock.now();
    running = runDueJobs(ctx, at)
      .catch((err: unknown) => ctx.logger.error({ err }, 'job runner failed'))
      // Mail whose send failed, or whose sender died mid-send, is tried again (mail/mailer.ts).
      .then(() => ctx.mailer.deliverDue(at))
      .catch((err: unknown) => ctx.logger.error({ err }, 'mail runner failed'))
      // Sent mail past its retention is deleted, a bounded number of rows a pass.
      .then(() => purgeSentMail(ctx.db, at))
      .catch((err: unknown) => ctx.logger.error({ err }, 'purge of sent mail failed'))
      .then(() => declareFeed(ctx.database, ctx.config.priceFeed))
      .catch((err: unknown) => ctx.logger.error({ err }, 'price feed declaration failed'))
      // Limit orders past their day are released, and any the book crossed while a notice was
      // lost are filled (ledger/orders.ts); their mail goes at once.
      .then(() => sweepOrders(ctx, at))
      .catch((err: unknown) => ctx.logger.error({ err }, 'limit order sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, ctx.config.jobIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Expires the orders past their day and fills what the book crosses; sends their mail. */
export async function sweepOrders(ctx: AppContext, at: Date): Promise<number> {
  const expired = await expireOrders(ctx.database, ctx.config.appUrl, at);
  const filled = await fillCrossedOrders(ctx.database, ctx.config.appUrl, at);
  if (expired + filled > 0) await ctx.mailer.deliverQueued(at);
  return expired + filled;
}

/**
 * Every PRICE_FEED_INTERVAL_SECONDS each process asks for a poll, and one of them gets it
 * (prices/feed-poll.ts); the first ask is at once, so a starting server does not wait an interval
 * for its prices. A failed poll is logged and kept for staff; the next interval tries again.
 */
function schedulePriceFeed(app: FastifyInstance, ctx: AppContext): void {
  const feed = ctx.config.priceFeed;
  if (feed.url === undefined) {
    declareFeed(ctx.database, feed).catch((err: unknown) =>
      ctx.logger.error({ err }, 'price feed declaration failed'),
    );
    return;
  }
  let running: Promise<unknown> | undefined;
  const poll = () => {
    if (running) return;
    running = pollPriceFeed(ctx.database, feed, ctx.clock.now(), ctx.logger)
      .catch((err: unknown) => ctx.logger.error({ err }, 'price feed poll failed'))
      .finally(() => {
        running = undefined;
      });
  };
  poll();
  const timer = setInterval(poll, feed.intervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
