// Realtime notices sent after commit (decision 020). A transaction notes what changed for whom
// (the SQL function ledger_notify keeps the notes in the transaction-local setting `sv.notices`,
// rolled back with the transaction or savepoint that wrote them); the server reads them where the
// statement or transaction ends and hands them to this process's sender, which sends everything
// noted in the last few milliseconds as one NOTIFY on `noticeChannel`. Every server process
// LISTENs there (realtime/routes.ts) and tells its own sockets.
//
// NOTIFY inside the money transaction took a lock held until commit, so every notifying
// transaction of the database committed one at a time. A notice is lost if the process dies
// between commit and send; pages converge anyway, as they refetch on reconnect and on focus.
import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import type { Tx } from './client.ts';
import { rowsOf } from './rows.ts';

export const noticeChannel = 'sv_user_events';

/** What changed for whom: the user's open pages refetch the topic's queries. */
export interface Notice {
  userId: string;
  topic: string;
}

/** NOTIFY takes up to 8,000 bytes; one payload carries as many notices as fit in this. */
const payloadBytes = 7_000;
/** How long notices wait to share one NOTIFY. */
export const noticeDelayMs = 3;

/** The notices as NOTIFY payloads: JSON arrays, each under the size NOTIFY takes. */
export function payloadsOf(notices: readonly Notice[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const notice of notices) {
    const text = JSON.stringify({ userId: notice.userId, topic: notice.topic });
    if (batch.length > 0 && size + text.length + 1 > payloadBytes) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(text);
    size += text.length + 1;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

export interface NoticeSender {
  /** Sends these notices with the others of the next few milliseconds. */
  publish(notices: readonly Notice[]): void;
  /** Sends what waits now; resolves when it has been sent (or its sending failed and was logged). */
  flush(): Promise<void>;
}

/** `send` runs one statement that NOTIFYs each payload on `noticeChannel`. */
export function createNoticeSender(
  send: (payloads: string[]) => Promise<void>,
  logger: Logger,
  delayMs = noticeDelayMs,
): NoticeSender {
  let waiting = new Map<string, Notice>();
  let timer: NodeJS.Timeout | undefined;
  let sending = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.size === 0) return sending;
    const notices = [...waiting.values()];
    waiting = new Map();
    sending = sending.then(() =>
      send(payloadsOf(notices)).catch((err: unknown) => {
        // The changes are committed; only the nudge is lost. Pages refetch on reconnect and focus.
        logger.warn({ err, notices: notices.length }, 'realtime notices not sent');
      }),
    );
    return sending;
  }

  return {
    publish(notices) {
      for (const notice of notices) waiting.set(`${notice.userId} ${notice.topic}`, notice);
      if (waiting.size === 0 || timer) return;
      timer = setTimeout(() => void flush(), delayMs);
      timer.unref();
    },
    flush,
  };
}

/** The statement a sender runs: one NOTIFY per payload, in one transaction. */
export const notifyStatement = {
  name: 'notices_send',
  text: `select pg_notify('${noticeChannel}', payload) from unnest($1::text[]) payload`,
};

/** Where a change of the price book is told to every process (prices/quote-book.ts). */
export const pricesChannel = 'sv_prices';

/**
 * Tells every process the price book changed. Run on its own once the new price has committed
 * (prices/book.ts recordPrice), never inside a transaction, like every notice here.
 */
export const pricesChangedStatement = {
  name: 'notices_prices_changed',
  text: `select pg_notify('${pricesChannel}', '')`,
};

/** Transactions whose notes their end reads and sends (`Database.transaction`). */
const noticing = new WeakSet<object>();

export function markNoticing(tx: Tx): void {
  noticing.add(tx);
}

/**
 * Refuses to note a notice in a transaction nothing would send it from: a transaction opened on
 * Drizzle's handle directly (`db.transaction`) and not through `Database.transaction`.
 */
export function assertNoticing(tx: Tx): void {
  if (!noticing.has(tx)) {
    throw new Error('Notices are sent by Database.transaction; this transaction would drop them');
  }
}

/** The notices noted so far in the transaction. */
export async function noticesIn(tx: Tx): Promise<Notice[]> {
  const result: unknown = await tx.execute(
    sql`select coalesce(nullif(current_setting('sv.notices', true), ''), '[]')::jsonb as notices`,
  );
  const [row] = rowsOf<{ notices: Notice[] | string }>(result);
  const notices = row?.notices ?? [];
  // PGlite through Drizzle returns jsonb parsed; keep to one shape either way.
  // cast: the notices ledger_noticed wrote as JSON in this transaction.
  return typeof notices === 'string' ? (JSON.parse(notices) as Notice[]) : notices;
}

/** The notices of a NOTIFY payload (a JSON array); null when it is not one. */
export function noticesOf(payload: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
