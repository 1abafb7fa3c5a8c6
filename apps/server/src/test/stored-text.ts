// What the schema-driven fuzz checks in the database afterwards (http/fuzz.test.ts): every string
// in every row of every table — text columns and inside JSON — against the text rule of
// packages/shared/src/text.ts, written out again here so the check does not trust the rule.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Columns whose text may run over several lines (text.ts multiLineText), and mail bodies. */
const multiLineColumns = new Set([
  'contact_messages.enquiry',
  'valuables.description',
  'mail_outbox.text',
  'mail_outbox.html',
  'audit_log.details',
  'deliveries.recipient_address',
  'delivery_tracking.message',
  // Stored answers replayed for an Idempotency-Key: a delivery's holds its recipient address.
  'idempotency_keys.response_body',
]);

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
const singleLineOnly = /[\n\t\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/** Rows of raw SQL: both drivers (PGlite, node-postgres) answer with `rows`. */
export async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  if (typeof result !== 'object' || result === null || !('rows' in result)) return [];
  return Array.isArray(result.rows) ? (result.rows as Row[]) : [];
}

/**
 * Every stored string that breaks the rule, with its table, column and what is wrong. U+FFFD
 * counts as wrong: it is what a lone surrogate becomes on its way into PostgreSQL.
 */
export async function invalidStoredText(db: Db): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const problems: string[] = [];
  for (const { name } of tables) {
    for (const row of await rowsOf<Record<string, unknown>>(
      db,
      sql.raw(`select * from "${name}"`),
    )) {
      for (const [column, value] of Object.entries(row)) {
        const where = `${name}.${column}`;
        for (const text of stringsIn(value)) {
          const problem = control.test(text)
            ? 'a control character'
            : text.includes('\ufffd')
              ? 'U+FFFD (a replaced lone surrogate)'
              : !multiLineColumns.has(where) && singleLineOnly.test(text)
                ? 'a line break or bidi control in a single-line field'
                : undefined;
          if (problem) {
            problems.push(`${where} holds ${problem}: ${JSON.stringify(text.slice(0, 80))}`);
          }
        }
      }
    }
  }
  return problems;
}

/** The strings in a column value: itself, or the keys and strings of its JSON. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (
    value &&
    typeof value === 'object' &&
    !(value instanceof Date) &&
    !ArrayBuffer.isView(value)
  ) {
    return Object.entries(value).flatMap(([key, part]) => [key, ...stringsIn(part)]);
  }
  return [];
}
