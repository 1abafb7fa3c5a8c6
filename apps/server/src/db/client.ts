// One database handle for the whole process: embedded PGlite by default, PostgreSQL when
// DATABASE_URL is set (DESIGN §2). Both speak the same SQL and run the same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
// node-postgres types rows as objects (QueryResultRow); a statement's caller names their columns.
import pg, { type QueryResultRow } from 'pg';
import type { Config } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createPostgresListener } from './listener.ts';
import * as accountsSchema from './schema.ts';
import * as vaultSchema from './vault-schema.ts';
import * as kycSchema from './kyc-schema.ts';
import * as bankingSchema from './banking-schema.ts';
import * as custodySchema from './custody-schema.ts';
import { openBookStatement, openingBook } from './opening-book.ts';
import { endPool, trackConnections } from './pool-connections.ts';
import { applyRoutines, type Routine } from './routines.ts';
import {
  createNoticeSender,
  markNoticing,
  type Notice,
  type NoticeSender,
  noticesIn,
  notifyStatement,
} from './notices.ts';

const schema = {
  ...accountsSchema,
  ...vaultSchema,
  ...kycSchema,
  ...bankingSchema,
  ...custodySchema,
};

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (or the database itself, for single statements). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TransactionConfig = Parameters<Db['transaction']>[1];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations, then the SQL functions whose files changed (db/routines.ts). */
  migrate(): Promise<void>;
  /** Applies these function files (all of them by default) where their checksum changed. */
  applyRoutines(routines?: readonly Routine[]): Promise<string[]>;
  /**
   * Runs one statement, prepared once per connection under `statement.name` on PostgreSQL, and
   * returns its rows with the driver's types (numeric as string, timestamptz as Date, jsonb
   * parsed). The hot paths use it instead of Drizzle's builder: one round trip, no building.
   * `params` is a mutable array because both drivers' types ask for one; neither changes it.
   */
  query<Row>(statement: Statement, params: unknown[]): Promise<Row[]>;
  /** Runs a trivial query; used by the readiness probe. */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (metrics); null for the embedded database. */
  pool(): { total: number; idle: number; waiting: number } | null;
  /**
   * LISTENs on a channel (NOTIFY payloads arrive once their transaction commits) and calls
   * `onPayload` for each; resolves to the function that stops listening. On PostgreSQL this holds
   * a dedicated connection outside the pool, reconnecting after a lost connection.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` in a transaction and, once it has committed, sends the realtime notices it noted
   * (db/notices.ts). Inside a transaction (`databaseIn`) it is a savepoint whose notices the
   * enclosing transaction sends.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>, config?: TransactionConfig): Promise<T>;
  /** Sends notices of committed work, with the others of the next few milliseconds. */
  publish(notices: readonly Notice[]): void;
  /** Sends the notices that wait, then closes. */
  close(): Promise<void>;
  /** The embedded database's files as one tarball (`DatabaseOptions.from`); null on PostgreSQL. */
  dump(): Promise<Blob | null>;
}

/** A named SQL statement with $1… placeholders; the name must be unique to its text. */
export interface Statement {
  name: string;
  text: string;
}

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; when absent it lives in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory embedded database starts as a copy of this `dump()` (the tests' migrated
   * template) instead of an empty one.
   */
  from?: Blob | undefined;
  poolSize?: number;
  /** Where LISTEN connects, when not `url` (a pooler in transaction mode cannot hold one). */
  listenUrl?: string | undefined;
  /**
   * Prepare `query`'s statements by name, once per connection (default). Off behind a pooler in
   * transaction mode that does not track them: the next transaction may get another connection.
   */
  preparedStatements?: boolean | undefined;
  /** Where lost PostgreSQL connections are reported; scripts without one log warnings to stdout. */
  logger?: Logger | undefined;
}

/** The database the configuration names, as the server and the command-line tools open it. */
export function databaseOptionsOf(
  config: Pick<Config, 'databaseUrl' | 'databaseListenUrl' | 'preparedStatements' | 'dataDir'>,
): DatabaseOptions {
  return {
    url: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    preparedStatements: config.preparedStatements,
    dataDir: config.dataDir,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.url;
  if (url) {
    const logger = options.logger ?? createLogger('warn');
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20 });
    const listener = createPostgresListener(options.listenUrl ?? url, logger);
    const isPreparing = options.preparedStatements ?? true;
    const connections = trackConnections(pool, logger);
    const pgDb = drizzlePg(pool, { schema, casing: 'snake_case' });
    // cast: both drivers' databases behind the one Db type (their query results differ only in type).
    const db = pgDb as unknown as Db;
    const applyPgRoutines = async (routines?: readonly Routine[]): Promise<string[]> => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const applied = await applyRoutines(
          {
            query: async <Row>(text: string, params?: unknown[]) =>
              (await client.query<Row & QueryResultRow>(text, params)).rows,
            exec: async (text) => {
              await client.query(text);
            },
          },
          routines,
        );
        await client.query('COMMIT');
        return applied;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    };
    const sendPg = async (payloads: string[]) => {
      await pool.query({ ...notifyStatement, values: [payloads] });
    };
    return withNotices(sendPg, logger, {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(pgDb, { migrationsFolder });
        await applyPgRoutines();
        await pool.query(openBookStatement.text, [openingBook]);
      },
      applyRoutines: (routines) => applyPgRoutines(routines),
      query: async <Row>(statement: Statement, params: unknown[]) => {
        const result = await pool.query<Row & QueryResultRow>({
          ...(isPreparing ? { name: statement.name } : {}),
          text: statement.text,
          values: params,
        });
        return result.rows;
      },
      ping: async () => {
        await pool.query('select 1');
      },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
      close: () => endPool(pool, connections),
      dump: async () => null,
    });
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(options.from ? { loadDataDir: options.from } : {});
  }
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  // cast: both drivers' databases behind the one Db type (their query results differ only in type).
  const db = pgliteDb as unknown as Db;
  const applyPgliteRoutines = (routines?: readonly Routine[]): Promise<string[]> =>
    client.transaction((tx) =>
      applyRoutines(
        {
          query: async <Row>(text: string, params?: unknown[]) =>
            (await tx.query<Row>(text, params)).rows,
          exec: async (text) => {
            await tx.exec(text);
          },
        },
        routines,
      ),
    );
  const sendPglite = async (payloads: string[]) => {
    await client.query(notifyStatement.text, [payloads]);
  };
  return withNotices(sendPglite, options.logger ?? createLogger('warn'), {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder });
      await applyPgliteRoutines();
      await client.query(openBookStatement.text, [openingBook]);
    },
    applyRoutines: (routines) => applyPgliteRoutines(routines),
    query: async <Row>(statement: Statement, params: unknown[]) => {
      const result = await client.query<Row>(statement.text, params);
      return result.rows;
    },
    ping: async () => {
      await client.query('select 1');
    },
    pool: () => null,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  });
}

/** The database with notices sent after commit (db/notices.ts), by one sender per process. */
function withNotices(
  send: (payloads: string[]) => Promise<void>,
  logger: Logger,
  base: Omit<Database, 'transaction' | 'publish'>,
): Database {
  const sender: NoticeSender = createNoticeSender(send, logger);
  return {
    ...base,
    transaction: async (work, config) => {
      let notices: Notice[] = [];
      const result = await base.db.transaction(async (tx) => {
        markNoticing(tx);
        const value = await work(tx);
        notices = await noticesIn(tx);
        return value;
      }, config);
      sender.publish(notices);
      return result;
    },
    publish: (notices) => sender.publish(notices),
    close: async () => {
      await sender.flush();
      await base.close();
    },
  };
}
