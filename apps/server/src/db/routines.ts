// The SQL functions' one source (decision 019): each function lives in one file,
// `src/<domain>/sql/<name>.sql`, written `CREATE OR REPLACE FUNCTION`, and is applied after the
// migrations whenever its text has changed since it was last applied (Flyway's repeatable
// migrations). A change to a function is then a change to its file, reviewed as a diff of that
// function. Migrations keep tables, data fixes and the DROP FUNCTION a changed signature needs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folders that hold function files, each named for its domain. */
export const routineFolders = ['ledger/sql', 'auth/sql', 'mail/sql', 'prices/sql'].map((folder) =>
  path.join(import.meta.dirname, '..', folder),
);

export interface Routine {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  file: string;
  sql: string;
  /**
   * The file's statements: the function, then any trigger that calls it (a trigger function's
   * file attaches it, `DROP TRIGGER IF EXISTS` and `CREATE … TRIGGER`, since a migration cannot
   * name a function that only its file creates). Each runs on its own: a prepared statement holds
   * one command.
   */
  statements: string[];
  checksum: string;
}

/** The function (through the line that closes its body, `$$;`), then each statement after it. */
export function statementsOf(text: string): string[] {
  const end = text.indexOf('\n$$;');
  if (end < 0) return [text];
  const close = end + '\n$$;'.length;
  const rest = text
    .slice(close)
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '' && !/^(--[^\n]*\n?\s*)+$/.test(statement));
  return [text.slice(0, close), ...rest];
}

/** Every function file, in name order. */
export function loadRoutines(): Routine[] {
  return routineFolders
    .flatMap((folder) =>
      readdirSync(folder)
        .filter((entry) => entry.endsWith('.sql'))
        .map((entry) => path.join(folder, entry)),
    )
    .map((file) => {
      const sql = readFileSync(file, 'utf8');
      return {
        name: path.basename(file, '.sql'),
        file,
        sql,
        statements: statementsOf(sql),
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A connection inside one transaction, as each driver gives it. */
export interface RoutineSession {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a file's text as it is (comments and all). */
  exec(text: string): Promise<void>;
}

/**
 * Applies the functions whose file changed since they were last applied, and remembers each
 * checksum, in the caller's transaction. Processes starting together wait on one advisory lock,
 * so each file is applied once. Function bodies are checked when they run, not here: a new
 * function may call one a later file defines.
 */
export async function applyRoutines(
  session: RoutineSession,
  routines: readonly Routine[] = loadRoutines(),
): Promise<string[]> {
  await session.query(`SELECT pg_advisory_xact_lock(hashtext('sql_routines'))`);
  const applied = await session.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM sql_routines',
  );
  const known = new Map(applied.map((row) => [row.name, row.checksum]));
  const changed = routines.filter((routine) => known.get(routine.name) !== routine.checksum);
  if (changed.length === 0) return [];
  await session.query('SET LOCAL check_function_bodies = off');
  for (const routine of changed) {
    for (const statement of routine.statements) await session.exec(statement);
    await session.query(
      `INSERT INTO sql_routines (name, checksum, applied_at) VALUES ($1, $2, now())
       ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
      [routine.name, routine.checksum],
    );
  }
  return changed.map((routine) => routine.name);
}
