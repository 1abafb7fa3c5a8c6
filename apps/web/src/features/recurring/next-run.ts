// When a plan being set up would first buy (issue 29), shown beside the form for reference: 12:00
// UTC on its day — a weekly plan's ISO weekday, a monthly plan's day of the month, or the month's
// last day when the month is shorter — the first such time after now. The server schedules the
// plan itself (jobs/recurring-schedule.ts); this follows the same rule.
import { type RecurringFrequency, recurringHourUtc } from '@secure-vault/shared/recurring';

const dayMs = 24 * 60 * 60 * 1000;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The ISO weekday of a moment in UTC: 1 (Monday) to 7 (Sunday). */
function isoWeekday(moment: Date): number {
  return ((moment.getUTCDay() + 6) % 7) + 1;
}

/** The plan's first run strictly after `after`; null for a day its frequency does not have. */
export function nextRunAfter(
  plan: { frequency: RecurringFrequency; day: number },
  after: Date,
): Date | null {
  const { frequency, day } = plan;
  if (!Number.isInteger(day) || day < 1 || day > (frequency === 'weekly' ? 7 : 31)) return null;
  const year = after.getUTCFullYear();
  const month = after.getUTCMonth();
  if (frequency === 'weekly') {
    const today = Date.UTC(year, month, after.getUTCDate(), recurringHourUtc);
    let candidate = today + ((day - isoWeekday(after) + 7) % 7) * dayMs;
    if (candidate <= after.getTime()) candidate += 7 * dayMs;
    return new Date(candidate);
  }
  // This month's day, or else next month's: two months always hold a later one.
  for (const ahead of [0, 1]) {
    const y = year + Math.floor((month + ahead) / 12);
    const m = (month + ahead) % 12;
    const candidate = new Date(Date.UTC(y, m, Math.min(day, daysIn(y, m)), recurringHourUtc));
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  return null;
}
