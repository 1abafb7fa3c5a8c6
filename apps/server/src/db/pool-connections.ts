// A PostgreSQL pool's connections: watched for their loss (logged once, replaced by the pool), and
// waited for when the pool ends.
import type pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * The pool's open connections, each watched for its loss. pool.end() resolves once it has asked
 * each connection to end, not once they have: close() waits on this set, so it returns only
 * when the server has let go (a database dropped right after, as the tests do, would otherwise
 * kill them mid-goodbye with an unhandled error).
 */
export function trackConnections(pool: pg.Pool, logger: Logger): ReadonlySet<pg.PoolClient> {
  const connections = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    connections.add(client);
    client.once('end', () => connections.delete(client));
    // A connection lost while checked out between queries (inside a transaction) is reported
    // on the client alone, and with no listener would crash the process. Idle or checked
    // out, the pool discards a broken client and opens a new one for the next query. One
    // loss can raise several errors (the server's FATAL, then the closed socket): log the first.
    let isLost = false;
    client.on('error', (err) => {
      if (isLost) return;
      isLost = true;
      logger.warn({ err }, 'database connection lost; the pool replaces it');
    });
  });
  // The pool re-emits an idle client's error; without a listener that would crash the process.
  // The client's own listener above has logged it.
  pool.on('error', () => {});
  return connections;
}

/** Ends the pool, and waits (up to 5 s) until each of its connections has ended. */
export async function endPool(
  pool: pg.Pool,
  connections: ReadonlySet<pg.PoolClient>,
): Promise<void> {
  const ended = [...connections].map(
    (client) => new Promise<void>((resolve) => client.once('end', () => resolve())),
  );
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(ended),
    new Promise((resolve) => (timer = setTimeout(resolve, 5000))),
  ]);
  clearTimeout(timer);
}
