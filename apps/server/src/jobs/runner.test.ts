// The job runner (DESIGN §5 "Fixed terms", jobs/runner.ts): due work is taken
// with FOR UPDATE SKIP LOCKED by any number of runners, the work and "done" committed together.
// What a customer would notice: each term matures once — its profit credited once, its holding
// unlocked once, one email — however many runners there are, when one of them dies holding a
// job, and when a job's work fails (retried later, with backoff, without holding up the rest);
// and nothing matures early. On PostgreSQL (TEST_DATABASE_URL) the second runner has its own
// pool on the same database and really runs at once with the first; PGlite has one connection,
// so there the two runners' statements interleave one at a time, and the dying runner is
// PostgreSQL's alone.
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec, dec, sum } from '@secure-vault/shared/money';
import type { AppContext } from '../context.ts';
import { fixedTerms, jobs } from '../db/custody-schema.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { ledgerEntries } from '../db/vault-schema.ts';
import { buildApp } from '../app.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';
import { call, mailCount } from '../test/auth-helpers.ts';
import { staffChange, valuableIdOf } from '../test/approvals.ts';
import type { Customer } from '../test/customers.ts';
import { createStaffMember, moneyPost, verifiedCustomer } from '../test/money-movements.ts';
import {
  appOnDatabase,
  createPostgresDatabase,
  createTestApp,
  dbKind,
  manualClock,
  type TestApp,
  testConfig,
} from '../test/test-app.ts';
import { cashOf, expectHoldingsMatchJournal, trade, valuablesOf } from '../test/trading.ts';
import { type JobOutcome, runDueJobs } from './runner.ts';

// Every term in this file starts at noon UTC on 30 January: the one-month terms mature on the
// last day of February (calendar months in UTC). The app's own runner reads this clock, which
// never moves, so it never finds anything due; the tests run the jobs as of the times they choose.
const start = new Date('2027-01-30T12:00:00.000Z');
const endOfFebruary = new Date('2027-02-28T12:00:00.000Z');
/** Past every maturity in this file (the longest term is twelve months). */
const farFuture = new Date('2028-06-01T00:00:00.000Z');

const logger = createLogger('silent');
let t: TestApp;
/** A second runner: its own pool on the same database on PostgreSQL, the same one on PGlite. */
let other: AppContext;
/** The test database's address (PostgreSQL only), for the runner that is killed. */
let url: string | undefined;
let closeAll: () => Promise<void>;
let staff: Customer;

/**
 * The database's sessions keep time 14 hours ahead of UTC (Kiritimati), where noon UTC on 30
 * January is already 31 January: month arithmetic done in the session's zone instead of UTC
 * would end a one-month term at noon UTC on 27 February, a three-month one on 29 April.
 */
const sessionZone = 'Pacific/Kiritimati';

beforeAll(async () => {
  const clock = manualClock(start);
  if (dbKind === 'postgres') {
    const created = await createPostgresDatabase();
    url = created.url;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `alter database ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} set timezone = '${sessionZone}'`,
    );
    await admin.end();
    t = await appOnDatabase(await openDatabase({ url, poolSize: 10, logger }), { clock, logger });
    const second = await openDatabase({ url, poolSize: 4, logger });
    other = { ...t.ctx, database: second, db: second.db };
    closeAll = async () => {
      await t.close();
      await second.close();
      await created.drop();
    };
  } else {
    t = await createTestApp({ clock });
    // PGlite has one session: set its zone.
    await t.ctx.db.execute(sql.raw(`set time zone '${sessionZone}'`));
    other = t.ctx;
    closeAll = () => t.close();
  }
  staff = await createStaffMember(t);
});
afterAll(() => closeAll());

interface Term {
  id: string;
  valuableId: string;
  profit: string;
  principal: string;
  interestRate: string;
  maturesAt: string;
  status: string;
}

/** Fixes a holding (a part of it with `quantity`) as the web app does; expects it accepted. */
async function fix(
  customer: Customer,
  valuableId: string,
  months: 1 | 3 | 6 | 12,
  quantity?: string,
): Promise<Term> {
  const res = await moneyPost(t, customer, '/me/fixed-terms', {
    valuableId,
    months,
    ...(quantity ? { quantity } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Term>();
}

/**
 * A custody item staff add for the customer (journaled), proposed by one staff member and
 * approved by another; returns its id.
 */
async function addItem(customer: Customer, name: string, value: string): Promise<string> {
  const approved = await staffChange(t, staff, 'POST', '/admin/valuables', {
    userId: customer.userId,
    itemName: name,
    itemType: 'jewelry',
    estimatedValue: value,
  });
  return valuableIdOf(t, approved.id);
}

/** Buys and returns the id of the customer's active position. */
async function buy(customer: Customer, body: Record<string, string>): Promise<string> {
  const res = await trade(t, customer, { side: 'buy', ...body });
  expect(res.statusCode, res.body).toBe(201);
  const held = await valuablesOf(t, customer.userId);
  return held.find((row) => row.assetSymbol === body.asset && row.status === 'active')!.id;
}

/**
 * A customer with $5,000, 12,345.678 mg of gold in three parts fixed for 1, 3 and 6 months (the
 * rest stays free), a ring fixed for 12 months, a brooch for 1 and all their XRP for 3: six
 * terms, of whole holdings and of split-off parts.
 */
async function customerWithTerms(label: string) {
  const customer = await verifiedCustomer(t, { cash: '5000', label });
  const gold = await buy(customer, { asset: 'AU', quantity: '12345.678' });
  const xrp = await buy(customer, { asset: 'XRP', total: '100.00' });
  const ring = await addItem(customer, 'Ring', '1234.56');
  const brooch = await addItem(customer, 'Brooch', '99.99');
  const cashBefore = await cashOf(t, customer.userId);
  const terms = [
    await fix(customer, gold, 1, '1000.001'),
    await fix(customer, gold, 3, '2345.5'),
    await fix(customer, gold, 6, '7'),
    await fix(customer, ring, 12),
    await fix(customer, brooch, 1),
    await fix(customer, xrp, 3),
  ];
  return { customer, gold, xrp, ring, brooch, cashBefore, terms };
}

/** Each term's profit journal rows (one per term once it matured). */
async function profitRows(termIds: string[]) {
  return t.ctx.db
    .select({ reference: ledgerEntries.reference, value: ledgerEntries.valueDelta })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'customer'),
        eq(ledgerEntries.kind, 'fixed_term_profit'),
        inArray(ledgerEntries.reference, termIds),
      ),
    );
}

async function jobsOf(termIds: string[]) {
  return t.ctx.db
    .select()
    .from(jobs)
    .where(inArray(sql`${jobs.payload}->>'termId'`, termIds));
}

async function termsOf(termIds: string[]) {
  return t.ctx.db.select().from(fixedTerms).where(inArray(fixedTerms.id, termIds));
}

/** Runs `loops` runners on one context at once until each finds nothing more due. */
function runners(ctx: AppContext, at: Date, loops: number): Promise<JobOutcome[]> {
  return Promise.all(
    Array.from({ length: loops }, async () => {
      const done: JobOutcome[] = [];
      for (;;) {
        // A few at a time, so the loops keep asking while the others hold jobs.
        const batch = await runDueJobs(ctx, at, 3);
        done.push(...batch);
        if (batch.length === 0) return done;
      }
    }),
  ).then((all) => all.flat());
}

/**
 * After every term matured once: cash is what it was plus each profit once, the gold is one
 * active position of all of it again, the items and the XRP are active, nothing is locked, and
 * every holding equals its journal.
 */
async function expectMaturedOnce(world: Awaited<ReturnType<typeof customerWithTerms>>) {
  const { customer, terms, cashBefore } = world;
  const ids = terms.map((term) => term.id);
  const profits = await profitRows(ids);
  expect(profits.map((row) => row.reference).sort()).toEqual([...ids].sort());
  for (const term of terms) {
    const row = profits.find((p) => p.reference === term.id)!;
    expect(row.value).toBe(dec(term.profit).toFixed(8));
  }
  const paid = sum(terms.map((term) => term.profit));
  expect(await cashOf(t, customer.userId)).toBe(dec(cashBefore).plus(paid).toFixed(8));
  const held = await valuablesOf(t, customer.userId);
  expect(held.filter((row) => row.status !== 'active')).toEqual([]);
  const gold = held.filter((row) => row.assetSymbol === 'AU');
  expect(gold).toHaveLength(1);
  expect(gold[0]?.quantity).toBe('12345.67800000');
  expect(held.filter((row) => row.assetSymbol === 'XRP')).toHaveLength(1);
  expect(held.map((row) => row.itemName)).toEqual(expect.arrayContaining(['Ring', 'Brooch']));
  for (const term of await termsOf(ids)) {
    expect(term.status).toBe('matured');
    expect(term.maturedAt).not.toBeNull();
  }
  for (const job of await jobsOf(ids)) {
    expect(job.doneAt).not.toBeNull();
    expect(job.lastError).toBeNull();
  }
  await expectHoldingsMatchJournal(t, customer.userId);
}

const maturedMails = async (customer: Customer) =>
  (
    await t.ctx.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email.toLowerCase()))
  ).filter((mail) => mail.subject.startsWith('Your fixed term has matured')).length;

describe('a fixed term and its maturity job', () => {
  it('counts calendar months in UTC, rounds the profit down to the cent, and queues the job', async () => {
    const [zone] = await t.ctx.database.query<{ zone: string }>(
      { name: 'session_zone', text: 'select current_setting($1) as zone' },
      ['TimeZone'],
    );
    expect(zone?.zone).toBe(sessionZone);
    const { terms } = await customerWithTerms('calendar');
    const [firstGold, , , ring, brooch] = terms;
    // 30 January + 1 month = 28 February 2027 (the month is shorter); + 3 months = 30 April.
    expect(firstGold?.maturesAt).toBe(endOfFebruary.toISOString());
    expect(brooch?.maturesAt).toBe(endOfFebruary.toISOString());
    expect(terms[1]?.maturesAt).toBe('2027-04-30T12:00:00.000Z');
    expect(terms[2]?.maturesAt).toBe('2027-07-30T12:00:00.000Z');
    expect(ring?.maturesAt).toBe('2028-01-30T12:00:00.000Z');
    for (const term of terms) {
      const exact = dec(term.principal).times(term.interestRate);
      expect(dec(term.profit).equals(exact.toDecimalPlaces(2, Dec.ROUND_DOWN)), term.id).toBe(true);
    }
    // 1,000.001 mg × $0.057 = $57.000057; 5 % of it, $2.85000285, pays $2.85.
    expect(firstGold?.profit).toBe('2.85000000');
    const queued = await jobsOf(terms.map((term) => term.id));
    expect(queued).toHaveLength(terms.length);
    for (const job of queued) {
      const term = terms.find((candidate) => candidate.id === job.payload.termId)!;
      expect(job.kind).toBe('fixed_term_maturity');
      expect(job.runAt.toISOString()).toBe(term.maturesAt);
      expect(job.doneAt).toBeNull();
    }
    // Leave nothing due for the tests after this one.
    await runDueJobs(t.ctx, farFuture);
  });

  it('runs nothing before it is due, then exactly the terms that are', async () => {
    const world = await customerWithTerms('due');
    const { customer, terms, cashBefore } = world;
    const ids = terms.map((term) => term.id);
    expect(await runDueJobs(t.ctx, new Date(endOfFebruary.getTime() - 1))).toEqual([]);
    expect(await profitRows(ids)).toEqual([]);
    expect(await cashOf(t, customer.userId)).toBe(cashBefore);

    // On the dot of 28 February: the two one-month terms.
    const first = await runDueJobs(t.ctx, endOfFebruary);
    const oneMonth = terms.filter((term) => term.maturesAt === endOfFebruary.toISOString());
    expect(first.map((outcome) => (outcome.result as Term).id).sort()).toEqual(
      oneMonth.map((term) => term.id).sort(),
    );
    expect(first.every((outcome) => outcome.failure === null)).toBe(true);
    expect(await cashOf(t, customer.userId)).toBe(
      dec(cashBefore)
        .plus(sum(oneMonth.map((term) => term.profit)))
        .toFixed(8),
    );
    // The brooch is free again; the rest still locked.
    const held = await valuablesOf(t, customer.userId);
    expect(held.find((row) => row.itemName === 'Brooch')?.status).toBe('active');
    expect(held.find((row) => row.itemName === 'Ring')?.status).toBe('locked');
    await expectHoldingsMatchJournal(t, customer.userId);
    // Asked again at the same moment: nothing (already done).
    expect(await runDueJobs(t.ctx, endOfFebruary)).toEqual([]);

    const rest = await runDueJobs(t.ctx, farFuture);
    expect(rest).toHaveLength(terms.length - oneMonth.length);
    await expectMaturedOnce(world);
    await expect.poll(() => maturedMails(customer)).toBe(terms.length);
  });

  it('stops after `max` jobs and leaves the rest for the next call', async () => {
    const world = await customerWithTerms('max');
    const ids = world.terms.map((term) => term.id);
    const first = await runDueJobs(t.ctx, farFuture, 2);
    expect(first).toHaveLength(2);
    const done = (await jobsOf(ids)).filter((job) => job.doneAt !== null);
    expect(done.map((job) => job.id).sort()).toEqual(first.map((outcome) => outcome.id).sort());
    expect(await runDueJobs(t.ctx, farFuture)).toHaveLength(ids.length - 2);
    await expectMaturedOnce(world);
  });
});

describe('two runners moved past many maturities at once', () => {
  it('mature every term exactly once: profit once, holding unlocked once, one email', async () => {
    const worlds = [];
    for (let i = 0; i < 4; i++) worlds.push(await customerWithTerms(`pair${i}`));
    const ids = worlds.flatMap((world) => world.terms.map((term) => term.id));
    // Both pools with their connections open, so neither runner starts late.
    const warm = (ctx: AppContext) =>
      Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          ctx.database.query({ name: `warm_${String(i)}`, text: 'select pg_sleep(0.02)' }, []),
        ),
      );
    await Promise.all([warm(t.ctx), warm(other)]);
    // Three loops on each runner's pool, all asking at once.
    const [mine, theirs] = await Promise.all([
      runners(t.ctx, farFuture, 3),
      runners(other, farFuture, 3),
    ]);
    const outcomes = [...mine, ...theirs];
    expect(outcomes.filter((outcome) => outcome.failure !== null)).toEqual([]);
    // Each job ran once, by one runner; each did its term's work.
    expect(outcomes.map((outcome) => outcome.id).sort()).toEqual(
      (await jobsOf(ids)).map((job) => job.id).sort(),
    );
    expect(outcomes.map((outcome) => (outcome.result as Term).id).sort()).toEqual([...ids].sort());
    for (const job of await jobsOf(ids)) expect(job.attempts).toBe(1);
    for (const world of worlds) {
      await expectMaturedOnce(world);
      await expect.poll(() => maturedMails(world.customer)).toBe(world.terms.length);
    }
    if (dbKind === 'postgres') {
      // Both runners took part (each had pool connections asking throughout).
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.length).toBeGreaterThan(0);
    }
    expect(await runDueJobs(other, farFuture)).toEqual([]);
  });
});

describe.runIf(dbKind === 'postgres')('a runner killed while it holds a job', () => {
  it('leaves that job to the other runner: nothing twice, nothing lost', async () => {
    const world = await customerWithTerms('killed');
    const ids = world.terms.map((term) => term.id);
    // The job every runner takes first (oldest due, then by id).
    const [firstJob] = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(inArray(sql`${jobs.payload}->>'termId'`, ids), sql`${jobs.doneAt} is null`))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1);
    const held = firstJob!.payload.termId as string;

    // Another session holds that term's row, so the doomed runner stops inside the job's work
    // with the job claimed (its row lock held) and the term not yet matured.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    let doomed: Database | undefined;
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from fixed_terms where id = $1 for update', [held]);
      doomed = await openDatabase({ url, poolSize: 1, logger });
      const [{ pid } = { pid: 0 }] = await doomed.query<{ pid: number }>(
        { name: 'backend_pid', text: 'select pg_backend_pid() as pid' },
        [],
      );
      const dying = runDueJobs({ ...t.ctx, database: doomed, db: doomed.db }, farFuture).then(
        () => 'finished',
        () => 'killed',
      );
      await expect
        .poll(async () => {
          const [row] = await blocker
            .query<{ wait: string | null }>(
              'select wait_event_type as wait from pg_stat_activity where pid = $1',
              [pid],
            )
            .then((res) => res.rows);
          return row?.wait;
        })
        .toBe('Lock');

      // Meanwhile the other runner does everything else, skipping the held job.
      const others = await runners(other, farFuture, 2);
      expect(others.map((outcome) => (outcome.result as Term).id).sort()).toEqual(
        ids.filter((id) => id !== held).sort(),
      );
      expect((await termsOf([held]))[0]?.status).toBe('active');

      await blocker.query('select pg_terminate_backend($1)', [pid]);
      expect(await dying).toBe('killed');
      await blocker.query('rollback');
    } finally {
      await blocker.end();
      await doomed?.close();
    }

    // The killed runner's claim died with it: the held job is due again, and runs once.
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, firstJob!.id));
    expect(job?.doneAt).toBeNull();
    expect(job?.attempts).toBe(0);
    const rest = await runners(other, farFuture, 2);
    expect(rest.map((outcome) => (outcome.result as Term).id)).toEqual([held]);
    for (const finished of await jobsOf(ids)) expect(finished.attempts).toBe(1);
    await expectMaturedOnce(world);
    await expect.poll(() => maturedMails(world.customer)).toBe(world.terms.length);
  });
});

describe('a job whose work fails', () => {
  it('is retried later with backoff, keeps its error, and holds up no other job', async () => {
    const world = await customerWithTerms('failing');
    const { customer, terms, cashBefore } = world;
    const broken = terms[0]!;
    // A state the work cannot handle: a profit that is not whole cents (the cash credit refuses
    // it, and everything the work had done is rolled back with it).
    await t.ctx.db.update(fixedTerms).set({ profit: '2.855' }).where(eq(fixedTerms.id, broken.id));

    const first = await runDueJobs(t.ctx, farFuture);
    expect(first).toHaveLength(terms.length);
    const failed = first.filter((outcome) => outcome.failure !== null);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.failure).toMatch(/whole cents/);
    let [job] = await jobsOf([broken.id]);
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job?.lastError).toMatch(/whole cents/);
    expect(job?.runAt.toISOString()).toBe(new Date(farFuture.getTime() + 30_000).toISOString());
    // Its term is untouched: still active, its part still locked, no profit paid.
    expect((await termsOf([broken.id]))[0]?.status).toBe('active');
    expect(
      (await valuablesOf(t, customer.userId)).find((row) => row.id === broken.valuableId),
    ).toMatchObject({ status: 'locked' });
    expect(await profitRows([broken.id])).toEqual([]);
    const others = terms.filter((term) => term.id !== broken.id);
    expect(await cashOf(t, customer.userId)).toBe(
      dec(cashBefore)
        .plus(sum(others.map((term) => term.profit)))
        .toFixed(8),
    );
    await expectHoldingsMatchJournal(t, customer.userId);

    // Not due again until its backoff has passed; then it fails again and waits twice as long.
    expect(await runDueJobs(t.ctx, new Date(farFuture.getTime() + 29_999))).toEqual([]);
    const second = await runDueJobs(t.ctx, new Date(farFuture.getTime() + 30_000));
    expect(second.map((outcome) => outcome.id)).toEqual([job!.id]);
    [job] = await jobsOf([broken.id]);
    expect(job?.attempts).toBe(2);
    expect(job?.runAt.toISOString()).toBe(new Date(farFuture.getTime() + 90_000).toISOString());

    // Repaired, the next attempt matures it, once.
    await t.ctx.db
      .update(fixedTerms)
      .set({ profit: broken.profit })
      .where(eq(fixedTerms.id, broken.id));
    const third = await runDueJobs(t.ctx, new Date(farFuture.getTime() + 90_000));
    expect(third).toHaveLength(1);
    expect(third[0]?.failure).toBeNull();
    [job] = await jobsOf([broken.id]);
    expect(job).toMatchObject({ attempts: 3, lastError: null });
    expect(job?.doneAt).not.toBeNull();
    await expectMaturedOnce(world);
  });

  it('of an unknown kind fails, backs off to at most an hour, and the others still run', async () => {
    const world = await customerWithTerms('unknown');
    // Older than any term's job, so every runner reaches it first.
    const [stray] = await t.ctx.db
      .insert(jobs)
      .values({ kind: 'mystery', payload: {}, runAt: start, attempts: 11 })
      .returning();
    const outcomes = await runDueJobs(t.ctx, farFuture);
    expect(outcomes[0]).toMatchObject({ id: stray!.id, kind: 'mystery' });
    expect(outcomes[0]?.failure).toMatch(/unknown job kind/);
    expect(outcomes.slice(1).every((outcome) => outcome.failure === null)).toBe(true);
    await expectMaturedOnce(world);
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, stray!.id));
    // 30 s × 2¹¹ would be 17 hours; the backoff stops at one.
    expect(after?.runAt.toISOString()).toBe(
      new Date(farFuture.getTime() + 3_600_000).toISOString(),
    );
    expect(after?.attempts).toBe(12);
    await t.ctx.db.delete(jobs).where(eq(jobs.id, stray!.id));
  });
});

describe('POST /api/v1/dev/run-jobs', () => {
  // Development routes answer only a client on this machine (features/dev/routes.ts).
  const onThisMachine = { ip: '127.0.0.1' };
  it('runs the jobs due at the time it is given', async () => {
    const world = await customerWithTerms('dev');
    const early = await call(
      t,
      'POST',
      '/dev/run-jobs',
      { at: start.toISOString() },
      onThisMachine,
    );
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({ ran: 0 });
    const res = await call(
      t,
      'POST',
      '/dev/run-jobs',
      { at: farFuture.toISOString() },
      onThisMachine,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ran: world.terms.length });
    await expectMaturedOnce(world);
    expect(await mailCount(t, world.customer.email)).toBeGreaterThanOrEqual(world.terms.length);
  });

  it('refuses a time that is not one', async () => {
    const res = await call(t, 'POST', '/dev/run-jobs', { at: 'tomorrow' }, onThisMachine);
    expect(res.statusCode).toBe(400);
  });

  it('does not exist while real mail is configured', async () => {
    const app = await createTestApp({ env: { MAIL_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await call(
        app,
        'POST',
        '/dev/run-jobs',
        { at: farFuture.toISOString() },
        onThisMachine,
      );
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('does not exist in production, even with the outbox', async () => {
    // Production's configuration insists on real mail; the app checks again on its own, so a
    // production process can never mature terms early, whatever its mail transport.
    expect(() => testConfig({ NODE_ENV: 'production', MAIL_URL: '' })).toThrow(/MAIL_URL/);
    const fresh = dbKind === 'postgres' ? await createPostgresDatabase() : undefined;
    const database = await openDatabase({ url: fresh?.url, logger });
    await database.migrate();
    const config = { ...testConfig(), nodeEnv: 'production' as const };
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      clock: manualClock(start),
      logger,
      mailer: createMailer({ db: database.db, mailUrl: undefined, from: config.mailFrom, logger }),
    };
    expect(ctx.mailer.transport).toBe('outbox');
    const app = await buildApp(ctx);
    try {
      await app.ready();
      const res = await call(
        { app, ctx, close: () => app.close() },
        'POST',
        '/dev/run-jobs',
        { at: farFuture.toISOString() },
        onThisMachine,
      );
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      ctx.mailer.close();
      await database.close();
      await fresh?.drop();
    }
  });
});
