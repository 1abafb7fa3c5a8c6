// When a recurring buy buys (shared/recurring.ts): at 12:00 UTC on its day — a weekly plan's ISO
// weekday, a monthly plan's day of the month, or the month's last day when the month is shorter
// — the first such time after a given moment; and the job that will run it (jobs/runner.ts).
import type { RecurringFrequency } from '@secure-vault/shared/recurring';
import { recurringHourUtc } from '@secure-vault/shared/recurring';
import { jobs } from '../db/custody-schema.ts';
import type { Tx } from '../db/in-transaction.ts';
import { currentRequestId } from '../request-context.ts';

export const recurringBuyJob = 'recurring_buy';

const day = 24 * 60 * 60 * 1000;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The plan's first run time strictly after `after`. */
export function nextRunAfter(
  plan: { frequency: RecurringFrequency; day: number },
  after: Date,
): Date {
  const year = after.getUTCFullYear();
  const month = after.getUTCMonth();
  if (plan.frequency === 'weekly') {
    const today = Date.UTC(year, month, after.getUTCDate(), recurringHourUtc);
    const isoToday = ((after.getUTCDay() + 6) % 7) + 1;
    let candidate = today + ((plan.day - isoToday + 7) % 7) * day;
    if (candidate <= after.getTime()) candidate += 7 * day;
    return new Date(candidate);
  }
  for (let ahead = 0; ; ahead++) {
    const y = year + Math.floor((month + ahead) / 12);
    const m = (month + ahead) % 12;
    const candidate = new Date(Date.UTC(y, m, Math.min(plan.day, daysIn(y, m)), recurringHourUtc));
    if (candidate.getTime() > after.getTime()) return candidate;
  }
}

/** Schedules the plan's run at `runAt`, in the caller's transaction. */
export async function scheduleRecurringRun(
  tx: Tx,
  planId: string,
  runAt: Date,
  at: Date,
): Promise<void> {
  await tx.insert(jobs).values({
    kind: recurringBuyJob,
    payload: { planId, runAt: runAt.toISOString() },
    runAt,
    createdAt: at,
    requestId: currentRequestId() ?? null,
  });
}
