// Recurring buys as a customer meets them: a plan buys its amount at the book's price once per
// period, on its day (a short month's last day for a day past its end), skips a period whose cash
// is short with a notice, and only while active; pausing, resuming and cancelling do what they
// say; two runners at once buy once. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringBuyListSchema, recurringBuySchema } from '@secure-vault/shared/recurring';
import { nextRunAfter } from '../../jobs/recurring-schedule.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { call, lastMail, mailCount } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer, openSession } from '../../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { cashOf, positionOf } from '../../test/trading.ts';

describe('when a plan buys', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    // Weekly, ISO weekdays: 2026-12-02 is a Wednesday (3).
    [{ frequency: 'weekly', day: 3 }, '2026-12-02T11:00:00Z', '2026-12-02T12:00:00.000Z'],
    [{ frequency: 'weekly', day: 3 }, '2026-12-02T12:00:00Z', '2026-12-09T12:00:00.000Z'],
    [{ frequency: 'weekly', day: 1 }, '2026-12-02T08:00:00Z', '2026-12-07T12:00:00.000Z'],
    [{ frequency: 'weekly', day: 7 }, '2026-12-31T13:00:00Z', '2027-01-03T12:00:00.000Z'],
    // Monthly: a day past a short month's end runs on its last day.
    [{ frequency: 'monthly', day: 31 }, '2027-02-01T00:00:00Z', '2027-02-28T12:00:00.000Z'],
    [{ frequency: 'monthly', day: 31 }, '2028-02-01T00:00:00Z', '2028-02-29T12:00:00.000Z'],
    [{ frequency: 'monthly', day: 31 }, '2027-04-30T12:00:00Z', '2027-05-31T12:00:00.000Z'],
    [{ frequency: 'monthly', day: 15 }, '2026-12-20T00:00:00Z', '2027-01-15T12:00:00.000Z'],
    [{ frequency: 'monthly', day: 1 }, '2026-12-01T11:59:59Z', '2026-12-01T12:00:00.000Z'],
  ] as const)('%o after %s: %s', (plan, after, expected) => {
    expect(nextRunAfter(plan, at(after)).toISOString()).toBe(expected);
  });
});

// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const post = (customer: Customer, url: string, body?: unknown) =>
  call(t, 'POST', url, body, { cookie: customer.cookie });

async function plansOf(customer: Customer) {
  const res = await call(t, 'GET', '/me/recurring-buys', undefined, { cookie: customer.cookie });
  expect(res.statusCode).toBe(200);
  return recurringBuyListSchema.parse(res.json()).items;
}

async function setUp(customer: Customer, body: Record<string, unknown>) {
  const res = await post(customer, '/me/recurring-buys', body);
  expect(res.statusCode, res.body).toBe(201);
  return recurringBuySchema.parse(res.json());
}

/** Moves the clock to `when`, keeps the customer signed in, and runs what is due. */
async function runAt(when: string, customers: Customer[] = []) {
  clock.advance(Date.parse(when) - clock.now().getTime());
  for (const customer of customers) customer.cookie = await openSession(t, customer.userId);
  return runDueJobs(t.ctx, clock.now());
}

async function recurringNotices(customer: Customer) {
  const res = await call(t, 'GET', '/me/notifications', undefined, { cookie: customer.cookie });
  return res
    .json<{ items: { kind: string; body: string[] }[] }>()
    .items.filter((notice) => notice.kind === 'recurring_buy');
}

describe('a recurring buy', () => {
  it('buys its amount once in its period, notifies, and waits for the next', async () => {
    const customer = await createCustomer(t, { cash: '100.00' });
    const plan = await setUp(customer, {
      symbol: 'SOL',
      amount: '50',
      frequency: 'weekly',
      day: 1,
    });
    expect(plan).toMatchObject({ status: 'active', amount: '50.00', runs: [] });
    const first = plan.nextRunAt ?? '';
    expect(new Date(first).getUTCDay()).toBe(1);
    expect(new Date(first).getUTCHours()).toBe(12);
    const mails = await mailCount(t, customer.email);

    const outcomes = await runAt(first, [customer]);
    expect(outcomes.filter((o) => o.kind === 'recurring_buy' && o.failure === null)).toHaveLength(
      1,
    );
    // $50 at 169 buys 0.29585798 SOL (rounded down to the step), for $50.00.
    const [after] = await plansOf(customer);
    expect(after?.runs).toEqual([
      { at: first, outcome: 'bought', quantity: '0.29585798', total: '50', reason: null },
    ]);
    expect(after?.nextRunAt).toBe(new Date(Date.parse(first) + 7 * 86_400_000).toISOString());
    expect(await cashOf(t, customer.userId)).toBe('50.00000000');
    expect((await positionOf(t, customer.userId, 'SOL'))?.quantity).toBe('0.29585798');
    expect(await mailCount(t, customer.email)).toBe(mails + 1);
    expect((await recurringNotices(customer))[0]?.body.join(' ')).toContain('0.29585798');

    // Run again in the same period: nothing more is bought.
    await runDueJobs(t.ctx, clock.now());
    expect(await cashOf(t, customer.userId)).toBe('50.00000000');
    expect((await plansOf(customer))[0]?.runs).toHaveLength(1);
  });

  it('skips a period whose cash is short, with a notice, and buys the next', async () => {
    const customer = await createCustomer(t, { cash: '30.00' });
    const res = await call(
      t,
      'POST',
      '/me/recurring-buys',
      { symbol: 'ADA', amount: '40', frequency: 'monthly', day: 31 },
      { cookie: customer.cookie, headers: { 'accept-language': 'ar' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const plan = recurringBuySchema.parse(res.json());
    await runAt(plan.nextRunAt ?? '', [customer]);
    const [skipped] = await plansOf(customer);
    expect(skipped?.runs[0]).toMatchObject({
      outcome: 'skipped',
      reason: 'INSUFFICIENT_CASH',
      quantity: null,
    });
    expect(await cashOf(t, customer.userId)).toBe('30.00000000');
    expect((await recurringNotices(customer))[0]?.body.join(' ')).toContain('skipped');
    // Set up from an Arabic page: the period's email is in Arabic.
    expect((await lastMail(t, customer.email))?.subject).toBe(
      'الشراء المتكرر: كاردانو — Secure Vault',
    );
    // A month later the next period runs on its own.
    expect(Date.parse(skipped?.nextRunAt ?? '')).toBeGreaterThan(Date.parse(plan.nextRunAt ?? ''));
  });

  it('buys nothing while paused, and from its next day once resumed; cancelled stays cancelled', async () => {
    const customer = await createCustomer(t, { cash: '100.00' });
    const plan = await setUp(customer, {
      symbol: 'XLM',
      amount: '10',
      frequency: 'weekly',
      day: 5,
    });
    const paused = await post(customer, `/me/recurring-buys/${plan.id}/pause`);
    expect(paused.json()).toMatchObject({ status: 'paused', nextRunAt: null });
    const again = await post(customer, `/me/recurring-buys/${plan.id}/pause`);
    expect(again.statusCode, again.body).toBe(409);
    await runAt(plan.nextRunAt ?? '', [customer]);
    expect((await plansOf(customer))[0]?.runs).toEqual([]);
    expect(await cashOf(t, customer.userId)).toBe('100.00000000');

    const resumed = recurringBuySchema.parse(
      (await post(customer, `/me/recurring-buys/${plan.id}/resume`)).json(),
    );
    expect(resumed.status).toBe('active');
    expect(Date.parse(resumed.nextRunAt ?? '')).toBeGreaterThan(clock.now().getTime());
    const cancelled = await post(customer, `/me/recurring-buys/${plan.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextRunAt: null });
    expect((await post(customer, `/me/recurring-buys/${plan.id}/resume`)).statusCode).toBe(409);
    await runAt(resumed.nextRunAt ?? '', [customer]);
    expect(await cashOf(t, customer.userId)).toBe('100.00000000');
  });

  it('buys once when two runners take the period at once', async () => {
    const customer = await createCustomer(t, { cash: '100.00' });
    const plan = await setUp(customer, {
      symbol: 'DOT',
      amount: '20',
      frequency: 'monthly',
      day: 3,
    });
    clock.advance(Date.parse(plan.nextRunAt ?? '') - clock.now().getTime());
    customer.cookie = await openSession(t, customer.userId);
    await Promise.all([runDueJobs(t.ctx, clock.now()), runDueJobs(t.ctx, clock.now())]);
    expect((await plansOf(customer))[0]?.runs).toHaveLength(1);
    expect(await cashOf(t, customer.userId)).toBe('80.00000000');
  });

  it.each([
    ['a weekday past Sunday', { frequency: 'weekly', day: 8 }, 'day', 'dayInvalid'],
    ['day zero', { frequency: 'monthly', day: 0 }, 'day', 'dayInvalid'],
    ['a day of the month past 31', { frequency: 'monthly', day: 32 }, 'day', 'dayInvalid'],
    ['a fractional day', { frequency: 'monthly', day: 1.5 }, 'day', 'dayInvalid'],
    ['an amount below $10', { amount: '9.99' }, 'amount', 'amountRange'],
    ['an amount with three decimals', { amount: '10.001' }, 'amount', 'amountInvalid'],
    ['a negative amount', { amount: '-10' }, 'amount', 'amountInvalid'],
    ['no frequency', { frequency: undefined }, 'frequency', 'frequencyRequired'],
  ])('refuses %s on its field', async (_name, change, field, key) => {
    const customer = await createCustomer(t);
    const body = { symbol: 'BTC', amount: '25', frequency: 'weekly', day: 2, ...change };
    const res = await post(customer, '/me/recurring-buys', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({
      path: `body.${field}`,
      message: `trading:recurring.errors.${key}`,
    });
    expect(await plansOf(customer)).toEqual([]);
  });

  it('is the customer’s own', async () => {
    const owner = await createCustomer(t);
    const plan = await setUp(owner, {
      symbol: 'BTC',
      amount: '25',
      frequency: 'weekly',
      day: 2,
    });
    const other = await createCustomer(t);
    expect(await plansOf(other)).toEqual([]);
    expect((await post(other, `/me/recurring-buys/${plan.id}/cancel`)).statusCode).toBe(404);
    expect((await plansOf(owner))[0]?.status).toBe('active');
    expect((await call(t, 'GET', '/me/recurring-buys')).statusCode).toBe(401);
    expect(
      (await post(owner, '/me/recurring-buys', { ...plan, symbol: 'NOPE' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  it('keeps 20 plans at most', async () => {
    const customer = await createCustomer(t);
    for (let i = 0; i < 20; i++) {
      await setUp(customer, { symbol: 'BTC', amount: '10', frequency: 'monthly', day: i + 1 });
    }
    const refused = await post(customer, '/me/recurring-buys', {
      symbol: 'BTC',
      amount: '10',
      frequency: 'monthly',
      day: 28,
    });
    expect(refused.json().error.issues).toEqual([
      { path: 'body.amount', message: 'trading:recurring.errors.tooMany' },
    ]);
  });
});
