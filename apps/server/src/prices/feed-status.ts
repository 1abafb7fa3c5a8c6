// The price feed's health as staff see it (decision 029; the Prices tab's `feed`): which feed the
// process runs with, how its polls went — kept in the database, so every process tells the same —
// and the assets halted now because the feed has not vouched for their price lately.
import { assets } from '@secure-vault/shared/catalogue';
import type { PriceFeedStatus } from '@secure-vault/shared/prices';
import type { Database, Statement } from '../db/client.ts';
import type { PriceFeedConfig } from './feed-config.ts';
import { feedSource } from './feed-poll.ts';

const statusStatement: Statement = {
  name: 'price_feed_status',
  text: `select f.polled_at, f.succeeded_at, f.error,
      coalesce((select jsonb_agg(s.symbol) from price_feed_symbols s
        where prices_halted(s.symbol, $1::timestamptz)), '[]'::jsonb) as halted
    from price_feed f where f.id = 1`,
};

interface StatusRow {
  polled_at: Date | null;
  succeeded_at: Date | null;
  error: string | null;
  halted: string[];
}

export async function readFeedStatus(
  database: Database,
  config: PriceFeedConfig,
  at: Date,
): Promise<PriceFeedStatus> {
  const [row] = await database.query<StatusRow>(statusStatement, [at.toISOString()]);
  const halted = new Set(row?.halted ?? []);
  return {
    configured: config.url !== undefined,
    source: feedSource(config),
    intervalSeconds: config.intervalSeconds,
    staleAfterSeconds: config.staleAfterSeconds,
    lastPolledAt: row?.polled_at?.toISOString() ?? null,
    lastSuccessAt: row?.succeeded_at?.toISOString() ?? null,
    lastError: row?.error ?? null,
    // In catalogue order, as the book lists them.
    halted: assets.filter((asset) => halted.has(asset.symbol)).map((asset) => asset.symbol),
  };
}
