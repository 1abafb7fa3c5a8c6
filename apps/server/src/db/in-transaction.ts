// The database seen from inside a transaction (or a savepoint): what runs a ledger statement
// as part of a larger unit of work — a staff change under its Idempotency-Key
// (ledger/staff-idempotency.ts), a job and its completion (jobs/runner.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db, Statement } from './client.ts';

/** A transaction handle (or the database itself, for single statements). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `$1…$n` statement text with its parameters, as Drizzle SQL run on a transaction. */
function boundStatement(statement: Statement, params: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of statement.text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(statement.text.slice(last, match.index)));
    chunks.push(sql`${params[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(statement.text.slice(last)));
  return sql.join(chunks);
}

/**
 * Rows of a statement run on the transaction. Drizzle wraps the driver's error; a ledger
 * function's refusal keeps its SQLSTATE and detail on the cause, which `refusing` reads.
 */
export async function rowsIn<Row>(tx: Tx, query: SQL): Promise<Row[]> {
  try {
    const result: unknown = await tx.execute(query);
    return (result as { rows: Row[] }).rows;
  } catch (err) {
    throw (err as { cause?: unknown }).cause ?? err;
  }
}

/**
 * The database seen from inside `tx`: its builder is the transaction, and its one-statement
 * queries run there too (Drizzle keeps timestamps as text on PGlite, so callers read typed rows
 * back through the builder).
 */
export function databaseIn(database: Database, tx: Tx): Database {
  return {
    ...database,
    db: tx,
    query: <Row>(statement: Statement, params: readonly unknown[]) =>
      rowsIn<Row>(tx, boundStatement(statement, params)),
  };
}
