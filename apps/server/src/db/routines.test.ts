// The SQL functions' one source (decision 019, db/routines.ts): every function the live database
// holds has one file and every file one function; each live definition is its file's (applying
// the file again changes nothing pg_get_functiondef shows); a file that changes is applied on the
// next start, and one that did not is left alone. On PGlite and on PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { rowsOf } from '../test/stored-text.ts';
import type { Database, Db } from './client.ts';
import { loadRoutines, type Routine, statementsOf } from './routines.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** Each function of the public schema (not an extension's) as pg_get_functiondef writes it. */
async function liveDefinitions(db: Db = database.db): Promise<Map<string, string[]>> {
  const found = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`
    SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    ORDER BY 1, 2`,
  );
  const byName = new Map<string, string[]>();
  for (const { name, definition } of found) {
    byName.set(name, [...(byName.get(name) ?? []), definition]);
  }
  return byName;
}

const routines = loadRoutines();

describe('the SQL functions', () => {
  it('have one file each, and each file is one function of its own name', async () => {
    const live = await liveDefinitions();
    expect([...live.keys()].sort()).toEqual(routines.map((routine) => routine.name).sort());
    // One function per name: an overload would be a second source for the name.
    expect([...live].filter(([, definitions]) => definitions.length > 1).map(([n]) => n)).toEqual(
      [],
    );
    for (const routine of routines) {
      const created = [...routine.sql.matchAll(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+(\w+)/gi)];
      expect(
        created.map((match) => [match[1]?.trim().toUpperCase(), match[2]]),
        routine.file,
      ).toEqual([['OR REPLACE', routine.name]]);
    }
  });

  it('are defined by no migration from 0016 on', () => {
    // On an existing database a migration's CREATE would win over a file whose checksum did not
    // change: migrations only DROP a function whose signature changes.
    const folder = path.join(import.meta.dirname, '../../drizzle');
    const defining = readdirSync(folder)
      .filter((file) => file.endsWith('.sql') && Number(file.slice(0, 4)) >= 16)
      .filter((file) =>
        /CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i.test(readFileSync(path.join(folder, file), 'utf8')),
      );
    expect(defining).toEqual([]);
  });

  it('are live exactly as their files say', async () => {
    const before = await liveDefinitions();
    // Apply every file again inside a transaction that is then rolled back: a file that differs
    // from the live definition (its body, its arguments, its attributes) changes what the
    // catalogue shows, or adds a second function of the name.
    const rolledBack = new Error('rolled back');
    let after: Map<string, string[]> | undefined;
    await database.db
      .transaction(async (tx) => {
        for (const routine of routines) {
          for (const statement of routine.statements) await tx.execute(sql.raw(statement));
        }
        after = await liveDefinitions(tx);
        throw rolledBack;
      })
      .catch((err: unknown) => {
        if (err !== rolledBack) throw err;
      });
    expect(after).toEqual(before);
  });

  it('are applied again when a file changes, and only then', async () => {
    const notify = routines.find((routine) => routine.name === 'ledger_notify');
    if (!notify) throw new Error('no ledger_notify.sql');
    const definitionOfNotify = async () => (await liveDefinitions()).get('ledger_notify')?.join('');

    // Started again with nothing changed: nothing is applied.
    expect(await database.applyRoutines()).toEqual([]);

    // A new version of the file: its body changes, and it is recorded under its new checksum.
    const original = await definitionOfNotify();
    const changedSql = notify.sql.replace('$$;', () => '  -- a changed body\n$$;');
    const changed: Routine = {
      ...notify,
      sql: changedSql,
      statements: statementsOf(changedSql),
      checksum: 'changed',
    };
    const others = routines.filter((routine) => routine !== notify);
    expect(await database.applyRoutines([...others, changed])).toEqual(['ledger_notify']);
    expect(await definitionOfNotify()).toContain('-- a changed body');
    const [recorded] = await rowsOf<{ checksum: string }>(
      database.db,
      sql`SELECT checksum FROM sql_routines WHERE name = 'ledger_notify'`,
    );
    expect(recorded?.checksum).toBe('changed');

    // The next start with the file as it is in the tree puts it back.
    await database.migrate();
    expect(await definitionOfNotify()).toBe(original);
    expect(readFileSync(notify.file, 'utf8')).toBe(notify.sql);
  });
});
