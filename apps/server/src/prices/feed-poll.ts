// One poll of the price feed (decision 029), as every process's job runner asks for it each
// interval (jobs/runner.ts). One process polls per interval, however many ask: the poll is
// claimed by one conditional update of the feed's row, which the others find already done. The
// claimed poll fetches (outside any transaction), checks the answer whole (feed-format.ts), then
// in one transaction, while its claim is still the latest, writes the prices that differ from the
// book, records that the feed vouched for every price it named, and its success. A refused answer
// writes nothing but the error. Once committed, prices written are told to every process.
import type { Database, Statement } from '../db/client.ts';
import { databaseIn } from '../db/in-transaction.ts';
import type { Logger } from '../logger.ts';
import { type PriceFeedConfig, simulatedFeed } from './feed-config.ts';
import { type FeedReading, parseFeedText, plainText, readFeedDocument } from './feed-format.ts';
import { announcePrices, readBook, writePrices } from './book.ts';
import { simulatedFeedDocument } from './simulated-feed.ts';

/** The most a feed's answer may be. */
const maxAnswerBytes = 256 * 1024;
/** How long a poll waits for the feed: 5 s, or half the interval when that is shorter. */
const timeoutOf = (config: PriceFeedConfig) => Math.min(5000, config.intervalSeconds * 500);

export type PollOutcome =
  | { kind: 'not-due' }
  | { kind: 'refused'; error: string }
  | { kind: 'polled'; written: string[] }
  /** Another poll was claimed while this one fetched; what it got is dropped. */
  | { kind: 'superseded' };

/** Which feed this process runs with, as the feed's row says it for all (readFeedStatus). */
export function feedSource(config: PriceFeedConfig): string | null {
  if (config.url === undefined) return null;
  return config.url === simulatedFeed ? simulatedFeed : new URL(config.url).origin;
}

/**
 * The processes' feed, kept in the feed's row so that every halt is read from the database alike
 * (orders, the book, the staff tab). A changed source forgets what the old feed vouched for.
 * Writes nothing when nothing changed.
 */
const declareStatement: Statement = {
  name: 'price_feed_declare',
  text: `with old as (select source from price_feed where id = 1),
    declared as (
      update price_feed set source = $1, stale_after_seconds = $2::int
      where id = 1 and (source is distinct from $1 or stale_after_seconds is distinct from $2::int)
      returning id
    )
    delete from price_feed_symbols
    where exists (select 1 from declared) and exists (select 1 from old where old.source is distinct from $1)`,
};

export async function declareFeed(database: Database, config: PriceFeedConfig): Promise<void> {
  const source = feedSource(config);
  await database.query(declareStatement, [
    source,
    source === null ? null : config.staleAfterSeconds,
  ]);
}

/**
 * Claims the next poll when none was claimed within the interval (less a tenth, as each process's
 * timer fires at its own moment), or when the last claim is ahead of this clock by more than one.
 */
const claimStatement: Statement = {
  name: 'price_feed_claim',
  text: `update price_feed set polls = polls + 1, polled_at = $1::timestamptz
    where id = 1 and (polled_at is null
      or polled_at <= $1::timestamptz - $2::int * interval '1 millisecond'
      or polled_at > $1::timestamptz + $2::int * interval '1 millisecond')
    returning polls::text as poll`,
};

const stillLatestStatement: Statement = {
  name: 'price_feed_still_latest',
  text: `select 1 as latest from price_feed where id = 1 and polls = $1::bigint for update`,
};

const vouchStatement: Statement = {
  name: 'price_feed_vouch',
  text: `insert into price_feed_symbols (symbol, vouched_at)
    select symbol, $2::timestamptz from jsonb_array_elements_text($1::jsonb) as symbol
    on conflict (symbol) do update
      set vouched_at = greatest(price_feed_symbols.vouched_at, excluded.vouched_at)`,
};

const succeededStatement: Statement = {
  name: 'price_feed_succeeded',
  text: `update price_feed set succeeded_at = $1::timestamptz, error = null where id = 1`,
};

const failedStatement: Statement = {
  name: 'price_feed_failed',
  text: `update price_feed set error = $2 where id = 1 and polls = $1::bigint`,
};

/** Polls the feed at `at` if no other process has within the interval. */
export async function pollPriceFeed(
  database: Database,
  config: PriceFeedConfig,
  at: Date,
  logger: Logger,
): Promise<PollOutcome> {
  if (config.url === undefined) return { kind: 'not-due' };
  await declareFeed(database, config);
  const [claim] = await database.query<{ poll: string }>(claimStatement, [
    at.toISOString(),
    config.intervalSeconds * 900,
  ]);
  if (!claim) return { kind: 'not-due' };
  const reading = await readFeed(database, config, at);
  if (!reading.ok) {
    await database.query(failedStatement, [claim.poll, reading.error]);
    logger.warn({ feed: feedSource(config), error: reading.error }, 'price feed answer refused');
    return { kind: 'refused', error: reading.error };
  }
  const written = await database.transaction(async (tx) => {
    const inTx = databaseIn(database, tx);
    const [latest] = await inTx.query(stillLatestStatement, [claim.poll]);
    if (!latest) return null;
    const symbols = await writePrices(inTx, reading.prices, {
      source: 'feed',
      at,
      onlyChanged: true,
    });
    const vouched = reading.prices.map((price) => price.asset.symbol);
    await inTx.query(vouchStatement, [JSON.stringify(vouched), reading.at.toISOString()]);
    await inTx.query(succeededStatement, [at.toISOString()]);
    return symbols;
  });
  if (written === null) return { kind: 'superseded' };
  // Committed: every process forgets the book it quotes from (never inside the transaction).
  if (written.length > 0) await announcePrices(database);
  return { kind: 'polled', written };
}

async function readFeed(
  database: Database,
  config: PriceFeedConfig,
  at: Date,
): Promise<FeedReading> {
  if (config.url === simulatedFeed) {
    const document = simulatedFeedDocument(await readBook(database, at), at);
    return readFeedDocument(document, at, config.staleAfterSeconds);
  }
  const text = await fetchFeed(config.url ?? '', timeoutOf(config));
  if (!text.ok) return text;
  const json = parseFeedText(text.value);
  return json.ok ? readFeedDocument(json.value, at, config.staleAfterSeconds) : json;
}

/** The feed's answer as text, or why there is none: never the URL, whose query may hold a key. */
async function fetchFeed(
  url: string,
  timeoutMs: number,
): Promise<{ ok: true; value: string } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { ok: false, error: `the feed answered HTTP ${response.status}` };
    }
    return await boundedText(response);
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      return { ok: false, error: `the feed did not answer within ${timeoutMs} ms` };
    }
    return { ok: false, error: `the feed could not be reached (${reasonOf(err)})` };
  }
}

async function boundedText(
  response: Response,
): Promise<{ ok: true; value: string } | { ok: false; error: string }> {
  const tooLarge = {
    ok: false,
    error: `the feed's answer is over ${maxAnswerBytes} bytes`,
  } as const;
  if (Number(response.headers.get('content-length') ?? 0) > maxAnswerBytes) {
    await response.body?.cancel();
    return tooLarge;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  // Bounded: each chunk adds to the size, which stops the loop past the limit.
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    const chunk: unknown = part.value;
    if (!(chunk instanceof Uint8Array))
      return { ok: false, error: "the feed's answer is not text" };
    size += chunk.byteLength;
    if (size > maxAnswerBytes) {
      await reader?.cancel();
      return tooLarge;
    }
    chunks.push(chunk);
  }
  return { ok: true, value: Buffer.concat(chunks).toString('utf8') };
}

/** A failed fetch's reason: the system's code (ECONNREFUSED), never its message's address. */
function reasonOf(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  const code = cause instanceof Error && 'code' in cause ? cause.code : undefined;
  if (typeof code === 'string') return plainText(code, 40);
  return err instanceof Error ? plainText(err.name, 40) : 'unknown error';
}
