// CHECKs that a text column holds one of a closed set of values, built from the const array the
// code itself writes from (packages/shared, or schema.ts for the server's own unions). A value
// added to the array reaches the next generated migration (`npm run db:generate`), so the
// database and the code cannot drift; db/value-checks.test.ts compares them on a live database.
import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * A string as an SQL literal. Single quotes are doubled; a backslash is refused rather than
 * trusted to standard_conforming_strings, and NUL cannot be stored in text at all.
 */
export function sqlLiteral(value: string): string {
  if (/[\\\0]/.test(value)) throw new Error(`not allowed in a checked value: ${value}`);
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `column in ('a', 'b')`. The values are written into the SQL (drizzle-kit does not inline
 * parameters in a CHECK). A null column passes, as any CHECK does on null; add `not null` to the
 * column to refuse it.
 */
export function oneOf(column: Column, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error(`no values for ${column.name}`);
  return sql`${column} in (${sql.raw(values.map(sqlLiteral).join(', '))})`;
}
