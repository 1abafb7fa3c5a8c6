// Recurring buys as GET /api/v1/me/recurring-buys answers them (issue 29), for stubApi.
import type { RecurringBuy, RecurringRun } from '@secure-vault/shared/recurring';

let next = 0;

/** An active plan buying $50 of Bitcoin every Monday unless `fields` say otherwise; a fresh id. */
export function recurringBuy(fields: Partial<RecurringBuy> = {}): RecurringBuy {
  next += 1;
  return {
    id: `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`,
    symbol: 'BTC',
    amount: '50.00',
    frequency: 'weekly',
    day: 1,
    status: 'active',
    nextRunAt: '2026-12-07T12:00:00.000Z',
    createdAt: '2026-11-20T09:30:00.000Z',
    runs: [],
    ...fields,
  };
}

/** A period that bought, or was skipped when `reason` is given. */
export function recurringRun(at: string, fields: Partial<RecurringRun> = {}): RecurringRun {
  return { at, outcome: 'bought', quantity: '0.00043103', total: '50.00', reason: null, ...fields };
}

/** The answer to GET /api/v1/me/recurring-buys. */
export function recurringReply(items: readonly RecurringBuy[] = []) {
  return { status: 200, body: { items } };
}

/** A VALIDATION refusal naming a field of the body, as the server words one. */
export function recurringRefusal(field: string, message: string) {
  return {
    status: 400,
    body: {
      error: {
        code: 'VALIDATION',
        message: 'The request is not valid.',
        issues: [{ path: `body.${field}`, message }],
      },
    },
  };
}
