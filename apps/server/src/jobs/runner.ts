// The job runner (DESIGN §5, decision 016): due work lives in the `jobs` table, and any number of
// server processes take it with FOR UPDATE SKIP LOCKED, one job per statement (jobs_run_one,
// migration 0012), the work and its completion committed together. A job that fails is retried
// with backoff; a process killed midway leaves its job to the next runner. Today's one kind of
// job is a fixed term's maturity.
import { eq } from 'drizzle-orm';
import type { FixedTerm } from '@secure-vault/shared/custody';
import { isLanguage } from '@secure-vault/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fixedTerms } from '../db/custody-schema.ts';
import { users } from '../db/schema.ts';
import { sqlCall, sqlCallText } from '../db/sql-function.ts';
import { listedAssets } from '../ledger/assets.ts';
import { jobsRunOne } from '../ledger/functions.ts';
import { fixedTermMatured } from '../mail/custody-templates.ts';

export interface JobOutcome {
  id: string;
  kind: string;
  /** The matured term, or null when it had nothing to do (already matured). */
  result: unknown;
  /** Why the work failed (it will be retried), else null. */
  failure: string | null;
}

/** Runs due jobs as of `at`, one statement each, until none is due or `max` ran. */
export async function runDueJobs(ctx: AppContext, at: Date, max = 100): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  while (outcomes.length < max) {
    const call = sqlCall(jobsRunOne, { p_at: at.toISOString(), p_assets: listedAssets });
    const [row] = await ctx.database.query<{
      job_id: string;
      job_kind: string;
      result: unknown;
      failure: string | null;
    }>({ name: call.key, text: `select * from ${sqlCallText(call)}` }, call.params);
    if (!row) break;
    const outcome = {
      id: row.job_id,
      kind: row.job_kind,
      result: row.result,
      failure: row.failure,
    };
    outcomes.push(outcome);
    if (outcome.failure) {
      ctx.logger.error({ job: outcome.id, kind: outcome.kind }, 'job failed; it will be retried');
    } else if (outcome.kind === 'fixed_term_maturity' && outcome.result) {
      await tellMatured(ctx, outcome.result as FixedTerm);
    }
  }
  return outcomes;
}

/** The customer's email about a matured term, in the language they fixed it in. */
async function tellMatured(ctx: AppContext, term: FixedTerm): Promise<void> {
  const [row] = await ctx.db
    .select({ email: users.email, language: fixedTerms.language })
    .from(fixedTerms)
    .innerJoin(users, eq(users.id, fixedTerms.userId))
    .where(eq(fixedTerms.id, term.id));
  if (!row) return;
  try {
    await ctx.mailer.send({
      to: row.email,
      ...fixedTermMatured(isLanguage(row.language) ? row.language : 'en', term),
    });
  } catch (err) {
    // The term matured; a mail that did not go is logged, not a reason to undo it.
    ctx.logger.error({ err, term: term.id }, 'maturity email failed');
  }
}

/** Every `JOB_INTERVAL_MS` (15 s by default; 0: never, for tests), each process runs due jobs. */
export function scheduleJobs(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.jobIntervalMs === 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = runDueJobs(ctx, ctx.clock.now())
      .catch((err: unknown) => ctx.logger.error({ err }, 'job runner failed'))
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
