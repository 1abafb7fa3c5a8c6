// Backups (README "Backups"): a folder holding the database, the stored documents and the keys
// the server generated, with a manifest of every file's SHA-256; and the restore that puts them
// back into an empty database and DATA_DIR, then proves the ledger whole (ledger/reconcile.ts).
// PostgreSQL is dumped with pg_dump (a consistent snapshot while the server runs) and restored
// with pg_restore in one transaction; the embedded database is copied as its folder, which only
// a stopped server leaves consistent (PGlite is one process's).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { LedgerReport } from '@secure-vault/shared/ledger-check/contracts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { documentsFolder } from '../storage/document-store.ts';
import { rowsOf } from '../db/rows.ts';

const run = promisify(execFile);

/** What DATA_DIR holds besides the database: the keys generated when none was configured. */
const keyFiles = ['data.key', 'signing-key.pem'];
const pgliteFolder = 'pglite';
const dumpFile = 'database.pgdump';
const manifestFile = 'manifest.json';

export interface Manifest {
  version: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Every file of the backup but the manifest, by path, with its SHA-256. */
  files: Record<string, string>;
  /** Keys that came from the environment: they are not in the backup, keep them with it. */
  keysFromEnvironment: string[];
}

const manifestSchema: z.ZodType<Manifest> = z.object({
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['postgres', 'pglite']),
  files: z.record(z.string(), z.string()),
  keysFromEnvironment: z.array(z.string()),
});

export class BackupError extends Error {
  override name = 'BackupError';
}

function* filesUnder(root: string, folder = ''): Generator<string> {
  for (const entry of readdirSync(path.join(root, folder))) {
    const relative = path.join(folder, entry);
    if (statSync(path.join(root, relative)).isDirectory()) yield* filesUnder(root, relative);
    else yield relative;
  }
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function environmentKeys(config: Config): string[] {
  return [
    ...(process.env.DATA_KEY ? ['DATA_KEY'] : []),
    // Until a rotation has finished, part of the data still opens only with these.
    ...(config.previousDataKeys.length > 0 ? ['DATA_KEY_PREVIOUS'] : []),
    ...(config.signingKey ? ['SIGNING_KEY'] : []),
  ];
}

/** Writes a backup of what `config` names into `out` (a new or empty folder). */
export async function backup(config: Config, out: string): Promise<Manifest> {
  if (existsSync(out) && readdirSync(out).length > 0) {
    throw new BackupError(`${out} is not empty: a backup goes into a folder of its own.`);
  }
  mkdirSync(out, { recursive: true });
  if (config.databaseUrl) {
    await run(process.env.PG_DUMP ?? 'pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(out, dumpFile)}`,
      config.databaseUrl,
    ]);
  } else {
    // Opened and closed first: whatever its last process left in the write-ahead log is
    // replayed and checkpointed, so the copied folder is whole.
    const database = await openDatabase({ dataDir: config.dataDir });
    await database.close();
    cpSync(path.join(config.dataDir, pgliteFolder), path.join(out, pgliteFolder), {
      recursive: true,
    });
  }
  const documents = path.join(config.dataDir, documentsFolder);
  if (existsSync(documents)) {
    cpSync(documents, path.join(out, documentsFolder), { recursive: true });
  }
  for (const file of keyFiles) {
    const source = path.join(config.dataDir, file);
    if (existsSync(source)) cpSync(source, path.join(out, file));
  }
  const manifest: Manifest = {
    version: 1,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'pglite',
    files: Object.fromEntries(
      [...filesUnder(out)].sort().map((file) => [file, sha256(path.join(out, file))]),
    ),
    keysFromEnvironment: environmentKeys(config),
  };
  writeFileSync(path.join(out, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function readManifest(from: string): Manifest {
  const file = path.join(from, manifestFile);
  if (!existsSync(file)) throw new BackupError(`${from} holds no ${manifestFile}: not a backup.`);
  // The manifest this tool wrote; every file it names is then checked against its digest.
  const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new BackupError(`${file} is not a manifest this tool wrote.`);
  const manifest = parsed.data;
  for (const [relative, digest] of Object.entries(manifest.files)) {
    const copy = path.join(from, relative);
    if (!existsSync(copy) || sha256(copy) !== digest) {
      throw new BackupError(`${relative} is missing or changed since the backup was made.`);
    }
  }
  return manifest;
}

const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

/**
 * Puts the backup's generated keys into `dataDir` before anything reads the configuration (which
 * would generate a new data key where none is): refused where a different key is already there.
 */
export function placeKeys(from: string, dataDir: string): void {
  readManifest(from);
  mkdirSync(dataDir, { recursive: true });
  for (const file of keyFiles) {
    const copy = path.join(from, file);
    const present = path.join(dataDir, file);
    if (!existsSync(copy)) continue;
    if (existsSync(present) && sha256(copy) !== sha256(present)) {
      throw new BackupError(`${present} differs from the backup's: it would not read its data.`);
    }
    cpSync(copy, present);
  }
}

/**
 * Restores the backup in `from` into what `config` names — an empty database (PostgreSQL) or
 * DATA_DIR without a database (embedded) — then migrates it and reconciles the ledger.
 */
export async function restore(config: Config, from: string): Promise<LedgerReport> {
  const manifest = readManifest(from);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup is of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'}; restore it with ${manifest.database === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}.`,
    );
  }
  const documents = path.join(config.dataDir, documentsFolder);
  if (!isEmptyFolder(documents)) {
    throw new BackupError(`${documents} is not empty: restore into a DATA_DIR of its own.`);
  }
  placeKeys(from, config.dataDir);
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
    try {
      // Both drivers answer `execute` with `{ rows }`.
      const result: unknown = await database.db.execute(
        sql`select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      const [row] = rowsOf<{ tables: number }>(result);
      if ((row?.tables ?? 0) > 0) {
        throw new BackupError(
          'DATABASE_URL names a database that has tables: restore into an empty one.',
        );
      }
    } finally {
      await database.close();
    }
    await run(process.env.PG_RESTORE ?? 'pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(from, dumpFile),
    ]);
  } else {
    const folder = path.join(config.dataDir, pgliteFolder);
    if (!isEmptyFolder(folder)) {
      throw new BackupError(`${folder} holds a database: restore into a DATA_DIR of its own.`);
    }
    cpSync(path.join(from, pgliteFolder), folder, { recursive: true });
  }
  mkdirSync(config.dataDir, { recursive: true });
  if (existsSync(path.join(from, documentsFolder))) {
    cpSync(path.join(from, documentsFolder), documents, { recursive: true });
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    return await reconcileLedger(database.db);
  } finally {
    await database.close();
  }
}
