// The centre's notices in days, as a reader scans them: today's, yesterday's, then each earlier
// day under its date. Days are the reader's own (the browser's time zone), not the server's.
import type { Notification } from '@secure-vault/shared/notifications';

/** A day's heading: today and yesterday in words, any other day as its date. */
export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: Date };

interface NotificationDay {
  /** The local date, YYYY-MM-DD: a stable key for the group. */
  key: string;
  label: DayLabel;
  items: Notification[];
}

function dayKey(value: Date): string {
  const month = String(value.getMonth() + 1).padStart(2, '0');
  const day = String(value.getDate()).padStart(2, '0');
  return `${String(value.getFullYear())}-${month}-${day}`;
}

function labelOf(key: string, date: Date, now: Date): DayLabel {
  if (key === dayKey(now)) return { kind: 'today' };
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return { kind: 'yesterday' };
  return { kind: 'date', date };
}

/**
 * The notices grouped by the local day they arrived, in the order given (the server's, newest
 * first): a day's notices stay together, and the days follow one another newest first.
 */
export function groupByDay(items: readonly Notification[], now = new Date()): NotificationDay[] {
  const days: NotificationDay[] = [];
  for (const item of items) {
    const created = new Date(item.createdAt);
    const key = dayKey(created);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, label: labelOf(key, created, now), items: [item] });
  }
  return days;
}
