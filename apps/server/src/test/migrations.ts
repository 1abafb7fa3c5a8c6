// A database as an earlier release left it: the migrations before one tag only, so a test can
// write the rows that release wrote and then see the next migrations convert them.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from '../db/client.ts';

/** Applies the migrations whose tag sorts before `tag` (e.g. '0008'), and no SQL function file. */
export async function migrateBefore(database: Database, tag: string): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sv-migrations-'));
  try {
    const source = path.join(import.meta.dirname, '../../drizzle');
    const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const before = journal.entries.filter((entry) => entry.tag < tag);
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: before }),
    );
    for (const { tag: earlier } of before) {
      copyFileSync(path.join(source, `${earlier}.sql`), path.join(folder, `${earlier}.sql`));
    }
    const migrate = database.kind === 'pglite' ? migratePglite : migratePg;
    await migrate(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
