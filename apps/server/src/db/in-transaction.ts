// The database seen from inside a transaction (or a savepoint): what runs a ledger statement as
// part of a larger unit of work — a staff change under its Idempotency-Key
// (ledger/staff-idempotency.ts), a job and its completion (jobs/runner.ts) — whose notices the
// enclosing transaction sends.
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Statement, Tx } from './client.ts';
import { assertNoticing, markNoticing } from './notices.ts';
import { fieldOf } from '../errors.ts';
import { rowsOf } from './rows.ts';

export type { Tx };

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
    return rowsOf<Row>(result);
  } catch (err) {
    throw fieldOf(err, 'cause') ?? err;
  }
}

/**
 * The database seen from inside `tx`: its builder is the transaction, and its one-statement
 * queries run there too (Drizzle keeps timestamps as text on PGlite, so callers read typed rows
 * back through the builder).
 */
export function databaseIn(database: Database, tx: Tx): Database {
  // Movements run here note notices for the transaction's end to send: it must be one that does.
  assertNoticing(tx);
  return {
    ...database,
    db: tx,
    query: <Row>(statement: Statement, params: readonly unknown[]) =>
      rowsIn<Row>(tx, boundStatement(statement, params)),
    // A savepoint: its notes stay in the enclosing transaction, which sends them at its end.
    // (A savepoint takes no isolation level: it has the enclosing transaction's.)
    transaction: (work) =>
      tx.transaction((inner) => {
        markNoticing(inner);
        return work(inner);
      }),
    // Nothing is sent before the enclosing transaction commits; its end reads the same notes.
    publish: () => {},
  };
}
