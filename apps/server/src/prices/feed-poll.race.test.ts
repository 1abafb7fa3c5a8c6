// Several processes ask for the feed's poll at the same moment, each interval (decision 029): one
// of them polls, the feed is asked once, and each change is written once. On PostgreSQL the
// processes are two database handles of their own; PGlite, one process, asks twice at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { feedBody, type PriceFeedServer, startPriceFeedServer } from '../test/price-feed-server.ts';
import { createPostgresDatabase, dbKind, openMigratedTestDatabase } from '../test/test-app.ts';
import type { PriceFeedConfig } from './feed-config.ts';
import { pollPriceFeed } from './feed-poll.ts';
import { readFeedStatus } from './feed-status.ts';

const logger = createLogger('silent');
const rounds = 12;
let feed: PriceFeedServer;
let config: PriceFeedConfig;
let processes: Database[] = [];
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  feed = await startPriceFeedServer();
  config = { url: feed.url, intervalSeconds: 5, staleAfterSeconds: 60 };
  if (dbKind === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: created.url, poolSize: 4, logger })),
    );
    // One after another, as cluster.ts has the first process migrate before the others start.
    for (const database of processes) await database.migrate();
  } else {
    const opened = await openMigratedTestDatabase(logger);
    drop = opened.drop;
    processes = [opened.database, opened.database];
  }
});
afterAll(async () => {
  await Promise.all([...new Set(processes)].map((database) => database.close()));
  await drop();
  await feed.close();
});

async function feedRowsOf(database: Database, symbol: string): Promise<string[]> {
  const rows = await database.query<{ buy: string }>(
    {
      name: 'test_race_feed_rows',
      text: `select buy::text from asset_prices where symbol = $1 and source = 'feed' order by id`,
    },
    [symbol],
  );
  return rows.map((row) => row.buy);
}

describe('processes polling at once', () => {
  it('poll once per interval between them, writing each change once', async () => {
    const start = Date.now() + 60_000;
    const expected: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const at = new Date(start + round * config.intervalSeconds * 1000);
      // Every other round the price moves; in between the feed says the same again.
      const buy = `${100 + Math.floor(round / 2)}.5`;
      if (round % 2 === 0) expected.push(buy);
      feed.reply({ body: feedBody(at, [{ symbol: 'LTC', buy }]) });
      const asked = feed.requests();
      const outcomes = await Promise.all(
        processes.map((database) => pollPriceFeed(database, config, at, logger)),
      );
      const polled = outcomes.filter((outcome) => outcome.kind === 'polled');
      expect(polled, JSON.stringify(outcomes)).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.kind === 'not-due')).toHaveLength(
        processes.length - 1,
      );
      expect(feed.requests() - asked).toBe(1);
      expect(polled[0]).toEqual({ kind: 'polled', written: round % 2 === 0 ? ['LTC'] : [] });
    }
    const [first] = processes;
    if (!first) throw new Error('no process');
    expect(await feedRowsOf(first, 'LTC')).toEqual(expected.map((buy) => `${buy}0000000`));
    const status = await readFeedStatus(first, config, new Date(start + rounds * 5000));
    expect(status).toMatchObject({ lastError: null, halted: [] });
  });
});
