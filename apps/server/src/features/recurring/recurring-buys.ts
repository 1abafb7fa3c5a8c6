// The customer's recurring buys (contracts: shared/recurring/contracts.ts): listed with their
// last periods, set up, paused, resumed and cancelled. A plan set up or resumed schedules its next
// period's job (jobs/recurring-schedule.ts) in the same transaction; pausing or cancelling clears
// its next run, so the job already scheduled finds nothing to do (jobs/recurring-buy.ts).
// Ownership is in every where clause: another customer's plan is answered as a missing one.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import {
  maxRecurringBuys,
  type RecurringBuy,
  type RecurringBuyInput,
  type RecurringBuyList,
} from '@secure-vault/shared/recurring';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/in-transaction.ts';
import { recurringBuyRuns, recurringBuys } from '../../db/recurring-schema.ts';
import { AppError, invalidField } from '../../errors.ts';
import { nextRunAfter, scheduleRecurringRun } from '../../jobs/recurring-schedule.ts';

type Plan = typeof recurringBuys.$inferSelect;
type Run = typeof recurringBuyRuns.$inferSelect;

/** How many past periods a plan shows. */
const runsShown = 12;

const amountOf = (value: string | null) => (value === null ? null : dec(value).toFixed());

function toRecurringBuy(plan: Plan, runs: readonly Run[]): RecurringBuy {
  return {
    id: plan.id,
    symbol: plan.symbol,
    amount: dec(plan.amount).toFixed(2),
    frequency: plan.frequency,
    day: plan.day,
    status: plan.status,
    nextRunAt: plan.nextRunAt?.toISOString() ?? null,
    createdAt: plan.createdAt.toISOString(),
    runs: runs.slice(0, runsShown).map((run) => ({
      at: run.runAt.toISOString(),
      outcome: run.outcome,
      quantity: amountOf(run.quantity),
      total: amountOf(run.total),
      reason: run.reason,
    })),
  };
}

async function runsOf(db: Pick<Tx, 'select'>, planIds: string[]): Promise<Map<string, Run[]>> {
  const byPlan = new Map<string, Run[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select()
    .from(recurringBuyRuns)
    .where(inArray(recurringBuyRuns.planId, planIds))
    .orderBy(desc(recurringBuyRuns.runAt));
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), row]);
  return byPlan;
}

export async function listRecurringBuys(
  ctx: AppContext,
  userId: string,
): Promise<RecurringBuyList> {
  const plans = await ctx.db
    .select()
    .from(recurringBuys)
    .where(eq(recurringBuys.userId, userId))
    .orderBy(
      sql`${recurringBuys.status} = 'cancelled'`,
      desc(recurringBuys.createdAt),
      desc(recurringBuys.id),
    );
  const runs = await runsOf(
    ctx.db,
    plans.map((plan) => plan.id),
  );
  return { items: plans.map((plan) => toRecurringBuy(plan, runs.get(plan.id) ?? [])) };
}

export async function createRecurringBuy(
  ctx: AppContext,
  userId: string,
  asset: Asset,
  input: RecurringBuyInput,
  language: Language,
): Promise<RecurringBuy> {
  const at = ctx.clock.now();
  return ctx.database.transaction(async (tx) => {
    // One customer's plans are counted one request at a time.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('recurring_buys'), hashtext(${userId}))`,
    );
    const [kept] = await tx
      .select({ n: count() })
      .from(recurringBuys)
      .where(and(eq(recurringBuys.userId, userId), ne(recurringBuys.status, 'cancelled')));
    if ((kept?.n ?? 0) >= maxRecurringBuys) {
      throw invalidField('amount', 'trading:recurring.errors.tooMany');
    }
    const nextRunAt = nextRunAfter(input, at);
    const [plan] = await tx
      .insert(recurringBuys)
      .values({
        userId,
        symbol: asset.symbol,
        amount: dec(input.amount).toFixed(2),
        frequency: input.frequency,
        day: input.day,
        status: 'active',
        nextRunAt,
        createdAt: at,
        updatedAt: at,
        language,
      })
      .returning();
    if (!plan) throw new Error('insert returned no plan');
    await scheduleRecurringRun(tx, plan.id, nextRunAt, at);
    return toRecurringBuy(plan, []);
  });
}

export type RecurringAction = 'pause' | 'resume' | 'cancel';

/** The states each action applies to. */
const appliesTo: Record<RecurringAction, Plan['status'][]> = {
  pause: ['active'],
  resume: ['paused'],
  cancel: ['active', 'paused'],
};

export async function changeRecurringBuy(
  ctx: AppContext,
  userId: string,
  id: string,
  action: RecurringAction,
): Promise<RecurringBuy> {
  const at = ctx.clock.now();
  return ctx.database.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(recurringBuys)
      .where(and(eq(recurringBuys.id, id), eq(recurringBuys.userId, userId)))
      .for('update');
    if (!plan) throw new AppError('NOT_FOUND', 'No such recurring buy.');
    if (!appliesTo[action].includes(plan.status)) {
      throw new AppError('CONFLICT', `This recurring buy is ${plan.status}.`);
    }
    const nextRunAt = action === 'resume' ? nextRunAfter(plan, at) : null;
    const [changed] = await tx
      .update(recurringBuys)
      .set({
        status: action === 'pause' ? 'paused' : action === 'resume' ? 'active' : 'cancelled',
        nextRunAt,
        updatedAt: at,
      })
      .where(eq(recurringBuys.id, id))
      .returning();
    if (!changed) throw new Error('the locked plan is gone');
    if (nextRunAt) await scheduleRecurringRun(tx, id, nextRunAt, at);
    const runs = await runsOf(tx, [id]);
    return toRecurringBuy(changed, runs.get(id) ?? []);
  });
}
