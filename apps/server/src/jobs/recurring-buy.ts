// A recurring buy's period, run by the job runner (jobs/runner.ts) inside the transaction that
// claimed its job: the plan is locked, and only the job for the run it waits for goes on — a
// paused, cancelled or rescheduled plan's old job does nothing. The period's amount buys at the
// book's price as an ordinary trade (ledger_trade, under a key of the plan and period); a trade
// the ledger refuses — cash short, the asset halted — is rolled back to its savepoint and the
// period kept as skipped. The period's row (one per plan and period), the customer's notice (in
// the language the plan was set up in) and the next period's job commit with it, so each period
// runs once, also after a crash.
import { eq } from 'drizzle-orm';
import { findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { quote } from '@secure-vault/shared/trading';
import { knownCaller } from '../db/caller.ts';
import type { Database, Statement } from '../db/client.ts';
import { databaseIn, type Tx } from '../db/in-transaction.ts';
import { recurringBuyRuns, recurringBuys } from '../db/recurring-schema.ts';
import { AppError } from '../errors.ts';
import { trade } from '../ledger/trade.ts';
import { notifyCustomer } from '../mail/notify.ts';
import { nextRunAfter, scheduleRecurringRun } from './recurring-schedule.ts';

export interface RecurringOutcome {
  planId: string;
  outcome: 'bought' | 'skipped';
}

const buyPriceStatement: Statement = {
  name: 'recurring_buy_price',
  text: 'select buy::text as price from asset_prices where symbol = $1 order by id desc limit 1',
};

/** The trade a period makes, or the code it was refused with. */
async function buy(
  database: Database,
  plan: typeof recurringBuys.$inferSelect,
  runAt: Date,
  at: Date,
): Promise<{ quantity: string; total: string; reference: string } | { reason: string }> {
  const asset = findAsset(plan.symbol);
  if (!asset) return { reason: 'UNKNOWN_ASSET' };
  const [row] = await database.query<{ price: string }>(buyPriceStatement, [asset.symbol]);
  if (!row) throw new Error(`the price book has no price for ${asset.symbol}`);
  const priced = quote(asset, { total: dec(plan.amount).toFixed(2) }, 'buy', row.price);
  if (!priced.ok) return { reason: priced.error };
  const key = `recurring:${plan.id}:${runAt.toISOString()}`;
  try {
    // A savepoint: a refused trade rolls back alone, and the period is kept as skipped.
    const outcome = await database.transaction((savepoint) =>
      trade(databaseIn(database, savepoint), knownCaller(plan.userId), {
        side: 'buy',
        asset,
        quote: priced.quote,
        at,
        idempotency: { key, requestHash: key },
      }),
    );
    return {
      quantity: outcome.body.quantity,
      total: outcome.body.total,
      reference: outcome.body.reference,
    };
  } catch (err) {
    if (err instanceof AppError) return { reason: err.code };
    throw err;
  }
}

export async function runRecurringBuy(
  database: Database,
  appUrl: string,
  payload: Record<string, unknown>,
  at: Date,
): Promise<RecurringOutcome | null> {
  return database.transaction((tx) => runPeriod(databaseIn(database, tx), tx, appUrl, payload, at));
}

async function runPeriod(
  database: Database,
  tx: Tx,
  appUrl: string,
  payload: Record<string, unknown>,
  at: Date,
): Promise<RecurringOutcome | null> {
  const planId = String(payload.planId);
  const runAt = new Date(String(payload.runAt));
  const [plan] = await tx
    .select()
    .from(recurringBuys)
    .where(eq(recurringBuys.id, planId))
    .for('update');
  // Paused, cancelled, or moved to another run since this job was scheduled: nothing to do.
  if (plan?.status !== 'active' || plan.nextRunAt?.getTime() !== runAt.getTime()) return null;
  const bought = await buy(database, plan, runAt, at);
  const skipped = 'reason' in bought ? bought : null;
  const made = 'reason' in bought ? null : bought;
  const inserted = await tx
    .insert(recurringBuyRuns)
    .values({
      planId,
      runAt,
      outcome: skipped ? 'skipped' : 'bought',
      quantity: made?.quantity ?? null,
      total: made?.total ?? null,
      reference: made?.reference ?? null,
      reason: skipped?.reason ?? null,
      ranAt: at,
    })
    .onConflictDoNothing()
    .returning({ planId: recurringBuyRuns.planId });
  if (inserted.length === 0) return null;
  const next = nextRunAfter(plan, runAt);
  await tx
    .update(recurringBuys)
    .set({ nextRunAt: next, updatedAt: at })
    .where(eq(recurringBuys.id, planId));
  await scheduleRecurringRun(tx, planId, next, at);
  await notifyCustomer(
    tx,
    plan.userId,
    'recurring_buy',
    {
      language: plan.language,
      appUrl,
      symbol: plan.symbol,
      amount: dec(plan.amount).toFixed(2),
      outcome: skipped ? 'skipped' : 'bought',
      quantity: made?.quantity ?? null,
      total: made?.total ?? null,
      reason: skipped?.reason ?? null,
      nextRunAt: next.toISOString(),
    },
    at,
  );
  return { planId, outcome: skipped ? 'skipped' : 'bought' };
}
