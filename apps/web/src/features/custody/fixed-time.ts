// The clock of a fixed term (DESIGN §5): its maturity counts calendar months in UTC, as the
// server counts them, so the date the table promises is the date the job pays; and how far an
// active term has run, for its countdown and progress bar.
import { useEffect, useState } from 'react';

/**
 * `start` plus `months` calendar months in UTC, at the same time of day. A day the target month
 * does not have becomes its last day: 31 January + 1 month = 28 (or 29) February.
 */
export function addMonthsUtc(start: Date, months: number): Date {
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(start.getTime());
  result.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return result;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes from `now` until `until` (ms), rounded up to the minute. */
export function timeLeft(now: number, until: number): TimeLeft {
  const remaining = Math.max(0, until - now);
  const minutes = Math.ceil(remaining / 60_000);
  return {
    days: Math.floor(minutes / (24 * 60)),
    hours: Math.floor((minutes % (24 * 60)) / 60),
    minutes: minutes % 60,
  };
}

/** How much of the term has run, from 0 to 1. */
export function termProgress(start: number, end: number, now: number): number {
  if (end <= start) return 1;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}

/** True when less than a day is left: the countdown then shows minutes as well. */
export function isLastDay(left: TimeLeft): boolean {
  return left.days === 0;
}

/**
 * The time now, refreshed every `everyMs`: a countdown of days and hours needs no faster tick,
 * and one timer per list keeps the page quiet.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
