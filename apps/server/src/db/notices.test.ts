import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser } from '../ledger/journal.ts';
import { createLogger } from '../logger.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { databaseIn } from './in-transaction.ts';
import { createNoticeSender, type Notice, noticeChannel, payloadsOf } from './notices.ts';
import { loadRoutines } from './routines.ts';

function noticesFor(count: number, topic = 'valuables'): Notice[] {
  return Array.from({ length: count }, () => ({ userId: randomUUID(), topic }));
}

describe('the notice sender', () => {
  it('sends everything published before it fires as one statement, each user and topic once', async () => {
    const sent: string[][] = [];
    const sender = createNoticeSender(async (payloads) => {
      sent.push(payloads);
    }, createLogger('silent'));
    const many = noticesFor(500);
    for (const notice of many) sender.publish([notice, notice]);
    sender.publish([{ ...many[0]!, topic: 'profile' }]);
    await sender.flush();

    expect(sent).toHaveLength(1);
    const payloads = sent[0]!;
    // NOTIFY refuses a payload of 8,000 bytes or more.
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const received = payloads.flatMap((payload) => JSON.parse(payload) as Notice[]);
    expect(received).toHaveLength(501);
    expect(new Set(received.map((n) => `${n.userId} ${n.topic}`)).size).toBe(501);
  });

  it('fires by itself a few milliseconds after the first notice', async () => {
    const sent: string[][] = [];
    const sender = createNoticeSender(async (payloads) => {
      sent.push(payloads);
    }, createLogger('silent'));
    sender.publish(noticesFor(2));
    sender.publish(noticesFor(1));
    await expect.poll(() => sent.length).toBe(1);
    expect(JSON.parse(sent[0]![0]!)).toHaveLength(3);
  });

  it('sends nothing for nothing, and goes on after a send that failed', async () => {
    const sent: string[][] = [];
    let fail = true;
    const sender = createNoticeSender(async (payloads) => {
      if (fail) throw new Error('connection lost');
      sent.push(payloads);
    }, createLogger('silent'));
    sender.publish([]);
    await sender.flush();
    sender.publish(noticesFor(1));
    await sender.flush();
    expect(sent).toEqual([]);
    fail = false;
    const later = noticesFor(1);
    sender.publish(later);
    await sender.flush();
    expect(sent).toEqual([[JSON.stringify(later)]]);
  });

  it('cuts payloads at the size NOTIFY takes, losing none', () => {
    const notices = noticesFor(1000);
    const payloads = payloadsOf(notices);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as Notice[])).toEqual(notices);
  });
});

describe('notices after commit', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const payloads: string[] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
    stop = await database.listen(noticeChannel, (payload) => payloads.push(payload));
  });
  afterAll(async () => {
    await stop();
    await database.close();
    await drop();
  });

  const received = () => payloads.flatMap((payload) => JSON.parse(payload) as Notice[]);
  const usersReceived = () => new Set(received().map((n) => n.userId));

  it('sends what a transaction noted once it commits, without what a savepoint rolled back', async () => {
    const [kept, other, undone] = [randomUUID(), randomUUID(), randomUUID()];
    await database.transaction(async (tx) => {
      await notifyUser(tx, kept, 'valuables');
      await notifyUser(tx, kept, 'valuables');
      await notifyUser(tx, other, 'profile');
      await databaseIn(database, tx)
        .transaction(async (inner) => {
          await notifyUser(inner, undone, 'requests');
          throw new Error('refused');
        })
        .catch(() => {});
      // Nothing is sent while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(usersReceived().has(kept)).toBe(false);
    });
    await expect.poll(() => usersReceived().has(other)).toBe(true);
    const mine = received().filter((n) => [kept, other, undone].some((id) => id === n.userId));
    expect(mine).toEqual([
      { userId: kept, topic: 'valuables' },
      { userId: other, topic: 'profile' },
    ]);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const [lost, later] = [randomUUID(), randomUUID()];
    await expect(
      database.transaction(async (tx) => {
        await notifyUser(tx, lost, 'valuables');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await database.transaction((tx) => notifyUser(tx, later, 'valuables'));
    await expect.poll(() => usersReceived().has(later)).toBe(true);
    expect(usersReceived().has(lost)).toBe(false);
  });

  it('delivers every notice of many transactions at once', async () => {
    const users = Array.from({ length: 40 }, () => randomUUID());
    await Promise.all(
      users.map((user) => database.transaction((tx) => notifyUser(tx, user, 'requests'))),
    );
    await expect.poll(() => users.every((user) => usersReceived().has(user))).toBe(true);
  });

  it('refuses a notice in a transaction that would drop it', async () => {
    await expect(
      database.db.transaction((tx) => notifyUser(tx, randomUUID(), 'valuables')),
    ).rejects.toThrow(/Database\.transaction/);
  });
});

describe('no NOTIFY inside a transaction', () => {
  it('no SQL function sends one', () => {
    const sending = loadRoutines().filter((routine) =>
      /pg_notify|^\s*notify\s/im.test(routine.sql),
    );
    expect(sending.map((routine) => routine.name)).toEqual([]);
  });

  it('only the notice sender sends one from the server', () => {
    const root = path.join(import.meta.dirname, '..');
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const sending = sources.filter((file) =>
      /pg_notify|\bnotify\s+sv_/i.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(sending).toEqual([path.join('db', 'notices.ts')]);
  });
});
