// Sent mail is deleted once past its retention (30 days), in bounded batches, by the job runner;
// mail sent more recently, mail still waiting and mail given up stay.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { purgeSentMail, sentMailRetentionMs } from './purge-sent-mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.ctx.db.delete(mailQueue));

const at = new Date('2026-12-31T12:00:00Z');
const before = (ms: number) => new Date(at.getTime() - ms);
const day = 24 * 60 * 60_000;

/** Kept messages named by subject, sent `sentAgo` ms before `at` (null: not sent). */
async function keep(
  rows: { subject: string; sentAgo: number | null; givenUpAgo?: number }[],
  db: Db = t.ctx.db,
): Promise<void> {
  await db.insert(mailQueue).values(
    rows.map(({ subject, sentAgo, givenUpAgo }) => ({
      to: 'reader@example.com',
      subject,
      text: sentAgo === null ? 'Hello' : '',
      attempts: 1,
      createdAt: before((sentAgo ?? givenUpAgo ?? 0) + 1000),
      nextAttemptAt: before(sentAgo ?? givenUpAgo ?? 0),
      sentAt: sentAgo === null ? null : before(sentAgo),
      givenUpAt: givenUpAgo === undefined ? null : before(givenUpAgo),
    })),
  );
}

const subjectsLeft = async (db: Db = t.ctx.db) =>
  (await db.select({ subject: mailQueue.subject }).from(mailQueue))
    .map((row) => row.subject)
    .sort();

describe('the purge of sent mail', () => {
  it('deletes what was sent more than 30 days ago and nothing else', async () => {
    await keep([
      { subject: 'sent 90 days ago', sentAgo: 90 * day },
      { subject: 'sent 30 days and a second ago', sentAgo: sentMailRetentionMs + 1000 },
      { subject: 'sent 30 days ago to the millisecond', sentAgo: sentMailRetentionMs },
      { subject: 'sent yesterday', sentAgo: day },
      { subject: 'given up 90 days ago', sentAgo: null, givenUpAgo: 90 * day },
      { subject: 'waiting since 90 days ago', sentAgo: null },
    ]);
    expect(await purgeSentMail(t.ctx.db, at)).toBe(2);
    expect(await subjectsLeft()).toEqual([
      'given up 90 days ago',
      'sent 30 days ago to the millisecond',
      'sent yesterday',
      'waiting since 90 days ago',
    ]);
    expect(await purgeSentMail(t.ctx.db, at)).toBe(0);
  });

  it('deletes in batches of a bounded size and number, oldest first, the rest next time', async () => {
    await keep(
      Array.from({ length: 8 }, (_, n) => ({
        subject: `old ${n}`,
        sentAgo: sentMailRetentionMs + (n + 1) * day,
      })),
    );
    expect(await purgeSentMail(t.ctx.db, at, { batchSize: 3, maxBatches: 2 })).toBe(6);
    // The two most recent of the old ones wait for the next pass.
    expect(await subjectsLeft()).toEqual(['old 0', 'old 1']);
    expect(await purgeSentMail(t.ctx.db, at, { batchSize: 3, maxBatches: 2 })).toBe(2);
    expect(await subjectsLeft()).toEqual([]);
  });

  it('is run by the server on its own, after the mail runner', async () => {
    const app = await createTestApp({ env: { JOB_INTERVAL_MS: '50' }, clock: manualClock(at) });
    try {
      await keep(
        [
          { subject: 'purged by the runner', sentAgo: sentMailRetentionMs + day },
          { subject: 'kept by the runner', sentAgo: day },
        ],
        app.ctx.db,
      );
      await vi.waitFor(
        async () => expect(await subjectsLeft(app.ctx.db)).toEqual(['kept by the runner']),
        // The runner's 50 ms interval, however slow the machine: the bound only ends a broken run.
        { timeout: 20_000 },
      );
    } finally {
      await app.close();
    }
  });
});
