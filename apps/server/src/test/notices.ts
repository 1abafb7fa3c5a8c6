// The realtime notices a test hears: every notice sent on the channel the server processes
// LISTEN on (db/notices.ts), unpacked from its batch, in the order they arrived.
import type { Database } from '../db/client.ts';
import { type Notice, noticeChannel } from '../db/notices.ts';

export interface NoticeListener {
  /** What arrived so far; tests may empty it between steps. */
  heard: Notice[];
  stop(): Promise<void>;
}

export async function listenToNotices(database: Database): Promise<NoticeListener> {
  const heard: Notice[] = [];
  const stop = await database.listen(noticeChannel, (payload) =>
    heard.push(...(JSON.parse(payload) as Notice[])),
  );
  return { heard, stop };
}
