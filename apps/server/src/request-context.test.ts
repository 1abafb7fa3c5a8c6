// What a request causes names it (request-context.ts): the mail it queues and the job it
// schedules keep the id its answer carried in `x-request-id`, and every line their work logs
// later — in another process, after a restart — carries it as `reqId`, as the request's own do.
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWorkSettled } from './auth/background-work.ts';
import { jobs } from './db/custody-schema.ts';
import { mailQueue } from './db/schema.ts';
import { valuables } from './db/vault-schema.ts';
import { runDueJobs } from './jobs/runner.ts';
import { createLogger } from './logger.ts';
import { currentRequestId, forRequest } from './request-context.ts';
import { call } from './test/auth-helpers.ts';
import { moneyPost, verifiedCustomer } from './test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from './test/test-app.ts';
import { trade } from './test/trading.ts';

const lines: Record<string, unknown>[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  }),
);
const start = new Date('2027-01-30T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger, clock: manualClock(start) });
});
afterAll(() => t.close());

describe('the request that caused it', () => {
  it('is known inside forRequest and nowhere else', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await forRequest('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('req-1');
    expect(forRequest(null, () => currentRequestId())).toBeUndefined();
    expect(currentRequestId()).toBeUndefined();
  });

  it('names the maturity job a fixing schedules, and the mail and log lines that job causes', async () => {
    const customer = await verifiedCustomer(t, { cash: '10000' });
    const bought = await trade(t, customer, { side: 'buy', asset: 'AU', total: '1000' });
    expect(bought.statusCode, bought.body).toBe(201);
    const [gold] = await t.ctx.db
      .select({ id: valuables.id })
      .from(valuables)
      .where(and(eq(valuables.userId, customer.userId), eq(valuables.assetSymbol, 'AU')));
    expect(gold).toBeDefined();

    const fixed = await moneyPost(t, customer, '/me/fixed-terms', {
      valuableId: gold?.id,
      months: 1,
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const requestId = fixed.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    const term = fixed.json<{ id: string }>();

    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'fixed_term_maturity'));
    expect(job?.requestId).toBe(requestId);

    // Much later, in the runner (no request of its own): the maturity mail is queued under the
    // fixing's request, and its delivery logs under it.
    const outcomes = await runDueJobs(t.ctx, new Date('2027-03-01T00:00:00.000Z'));
    expect(outcomes).toMatchObject([{ id: job?.id, requestId, failure: null }]);
    const mail = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.requestId, String(requestId)));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.sentAt).not.toBeNull();
    const delivered = lines.filter((line) => line.mail === mail[0]?.id);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((line) => line.reqId === requestId)).toBe(true);
    expect(term.id).toBeTruthy();
  });

  it('names the mail a request queues after its answer, and the lines its sending logs', async () => {
    const answer = await call(t, 'POST', '/auth/sign-up', {
      email: 'request-context@example.com',
      password: 'a long enough password 1',
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const requestId = answer.headers['x-request-id'];
    // The code goes out after the answer, still under the request.
    await backgroundWorkSettled(t.ctx);
    const rows = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.requestId, String(requestId)));
    expect(rows).toHaveLength(1);
    expect(lines.some((line) => line.mail === rows[0]?.id && line.reqId === requestId)).toBe(true);
  });
});
