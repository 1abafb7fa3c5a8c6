// LISTEN on PostgreSQL: one dedicated connection per process (pooled connections are handed to
// other queries) carries every channel the process listens on — the realtime notices, the price
// book's — so a process holds one LISTEN connection however many parts of it listen. It opens
// with the first channel and ends with the last; a lost connection is reopened after 1, 2, 5, then
// every 10 s, listening again on every channel. Notices sent while it is down are missed; open
// pages catch up on their next refetch, and the quote book on its next refused price.
import pg from 'pg';
import type { Logger } from '../logger.ts';

const reconnectDelaysMs = [1000, 2000, 5000, 10_000];

type OnPayload = (payload: string) => void;

export interface Listener {
  /** LISTENs on `channel`; resolves once listening, with the function that stops. */
  listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>>;
}

/** The one connection and the channels it listens on. */
class SharedListen {
  private readonly channels = new Map<string, Set<OnPayload>>();
  private current: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  private readonly url: string;
  private readonly logger: Logger;

  constructor(url: string, logger: Logger) {
    this.url = url;
    this.logger = logger;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      for (const onPayload of this.channels.get(message.channel) ?? []) {
        onPayload(message.payload ?? '');
      }
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    return client;
  }

  private lost(client: pg.Client, err?: Error): void {
    if (client !== this.current) return;
    this.current = null;
    client.end().catch(() => {});
    this.logger.warn(
      { channels: [...this.channels.keys()], ...(err ? { err } : {}) },
      'LISTEN connection lost; reconnecting',
    );
    this.retry();
  }

  private retry(err?: unknown): void {
    if (this.channels.size === 0) return;
    const delay = reconnectDelaysMs[Math.min(this.failures, reconnectDelaysMs.length - 1)];
    if (err !== undefined) this.logger.warn({ err, retryInMs: delay }, 'LISTEN reconnect failed');
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.open().then(
        (client) => {
          if (this.channels.size === 0) {
            client.end().catch(() => {});
            return;
          }
          this.current = client;
          this.failures = 0;
          this.logger.info({ channels: [...this.channels.keys()] }, 'LISTEN connection restored');
        },
        (failed: unknown) => this.retry(failed),
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** The connection, opened by the first channel (and waited for by those asking meanwhile). */
  private async connection(): Promise<pg.Client | null> {
    if (this.current) return this.current;
    // Reconnecting: the new connection listens on every channel when it opens.
    if (this.retryTimer !== undefined && !this.opening) return null;
    this.opening ??= this.open().finally(() => {
      this.opening = null;
    });
    this.current = await this.opening;
    return this.current;
  }

  async listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
    const known = this.channels.get(channel);
    const listeners = known ?? new Set<OnPayload>();
    listeners.add(onPayload);
    this.channels.set(channel, listeners);
    try {
      const client = await this.connection();
      if (!known && client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      listeners.delete(onPayload);
      if (listeners.size === 0) this.channels.delete(channel);
      throw err;
    }
    return () => this.stop(channel, listeners, onPayload);
  }

  /** One listener stops; its channel's last UNLISTENs, and the last channel ends the connection. */
  private async stop(channel: string, listeners: Set<OnPayload>, onPayload: OnPayload) {
    listeners.delete(onPayload);
    if (listeners.size > 0) return;
    this.channels.delete(channel);
    const client = this.current;
    if (this.channels.size > 0) {
      await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      return;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.current = null;
    await client?.end().catch(() => {});
  }
}

export function createPostgresListener(url: string, logger: Logger): Listener {
  const shared = new SharedListen(url, logger);
  return { listen: (channel, onPayload) => shared.listen(channel, onPayload) };
}
