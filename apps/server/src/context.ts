// What every feature gets: configuration, the database, mail and the clock. Passed explicitly
// so tests can build an app around an in-memory database and a controlled clock.
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}
