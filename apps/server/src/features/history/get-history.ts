// The customer's history (DESIGN §2): their journal rows, newest first, paged by keyset on
// (created_at, id) — the index ledger_entries_user_created_idx — never by OFFSET, with summary
// counts. Every query names the user in its WHERE clause.
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  type HistoryEntry,
  type HistoryGroup,
  historyGroupNames,
  historyGroups,
  type HistoryPage,
  type HistorySummary,
  isHistoryDateInRange,
} from '@secure-vault/shared/history';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { AppError } from '../../errors.ts';

export interface HistoryFilter {
  group?: HistoryGroup | undefined;
  /** Whole days in UTC, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

interface Cursor {
  /** created_at to the microsecond, ISO in UTC. */
  at: string;
  id: string;
}

const cursorPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A real instant in the range the filters allow: `9999-99-99T99:99:99.000000Z` has the form but
 * PostgreSQL refuses it, and JavaScript rolls `2026-02-30` over to 2 March, so the time must read
 * back as written (to the second; the microseconds are digits either way).
 */
function isCursorTime(value: string): boolean {
  if (!cursorPattern.test(value) || !isHistoryDateInRange(value.slice(0, 10))) return false;
  const time = new Date(`${value.slice(0, 19)}Z`);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === value.slice(0, 19);
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      value.length === 2 &&
      isCursorTime(value[0]) &&
      uuidPattern.test(value[1])
    ) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // fall through to the refusal
  }
  throw new AppError('VALIDATION', 'The history cursor is not valid.', {
    issues: [{ path: 'querystring.cursor', message: 'history:errors.cursorInvalid' }],
  });
}

/** The schema has checked the day; this guards callers that did not come through it. */
function dayStart(date: string, field: 'from' | 'to', plusDays = 0): Date {
  const start = new Date(`${date}T00:00:00Z`);
  const isReal = !Number.isNaN(start.getTime());
  if (!isReal || !isHistoryDateInRange(date)) {
    throw new AppError('VALIDATION', 'The date is not valid.', {
      issues: [
        {
          path: `querystring.${field}`,
          message: isReal ? 'history:errors.dateRange' : 'history:errors.dateInvalid',
        },
      ],
    });
  }
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start;
}

/** The user and the date range: the conditions the list and the summary share. */
function rangeConditions(userId: string, filter: HistoryFilter): SQL[] {
  const conditions = [eq(ledgerEntries.userId, userId)];
  if (filter.from) conditions.push(gte(ledgerEntries.createdAt, dayStart(filter.from, 'from')));
  if (filter.to) conditions.push(lt(ledgerEntries.createdAt, dayStart(filter.to, 'to', 1)));
  return conditions;
}

function groupCondition(group: HistoryGroup): SQL {
  return inArray(ledgerEntries.kind, [...historyGroups[group]]);
}

/** The columns of a journal row as the history reads it (the list, the CSV, a receipt). */
export const entryColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  assetSymbol: ledgerEntries.assetSymbol,
  itemName: ledgerEntries.itemName,
  quantityDelta: ledgerEntries.quantityDelta,
  valueDelta: ledgerEntries.valueDelta,
  reference: ledgerEntries.reference,
  note: ledgerEntries.note,
  createdAt: ledgerEntries.createdAt,
};

export function toEntry(row: Omit<HistoryEntry, 'createdAt'> & { createdAt: Date }): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    assetSymbol: row.assetSymbol,
    itemName: row.itemName,
    quantityDelta: row.quantityDelta,
    valueDelta: row.valueDelta,
    reference: row.reference,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of rows, newest first, and the cursor of the next page (null on the last). */
export async function listHistory(
  db: Db,
  userId: string,
  filter: HistoryFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const conditions = rangeConditions(userId, filter);
  if (filter.group) conditions.push(groupCondition(filter.group));
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor);
    conditions.push(
      sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      ...entryColumns,
      cursorAt: sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(ledgerEntries)
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  const last = pageRows.at(-1);
  return {
    entries: pageRows.map(toEntry),
    nextCursor: hasMore && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** The group of a row's kind, as SQL (`historyGroups` gives each kind exactly one). */
const groupOfKind = sql.join(
  [
    sql`case`,
    ...historyGroupNames.map((group) => sql`when ${groupCondition(group)} then ${group}`),
    sql`end`,
  ],
  sql` `,
);

/**
 * Counts of transactions over the date range, whatever the group filter (history.ts): rows of
 * one transaction share their reference and time; a row without a reference stands alone. Each
 * transaction is counted in one group, so the groups add up to the total.
 */
export async function summarizeHistory(
  db: Db,
  userId: string,
  filter: HistoryFilter,
): Promise<HistorySummary> {
  const transactions = db
    .select({ group: sql<HistoryGroup>`min(${groupOfKind})`.as('group') })
    .from(ledgerEntries)
    .where(and(...rangeConditions(userId, filter)))
    .groupBy(
      sql`coalesce(${ledgerEntries.reference}, ${ledgerEntries.id}::text)`,
      ledgerEntries.createdAt,
    )
    .as('transactions');
  const count = (group: HistoryGroup) =>
    sql<number>`(count(*) filter (where ${transactions.group} = ${group}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      // cast: fromEntries loses the keys; there is one entry per group name.
      ...(Object.fromEntries(historyGroupNames.map((group) => [group, count(group)])) as Record<
        HistoryGroup,
        SQL<number>
      >),
    })
    .from(transactions);
  if (!row) throw new Error('count(*) returned no row');
  return row;
}

export async function getHistory(
  db: Db,
  userId: string,
  query: HistoryFilter & { cursor?: string | undefined; limit: number },
): Promise<HistoryPage> {
  const [page, summary] = await Promise.all([
    listHistory(db, userId, query, query),
    summarizeHistory(db, userId, query),
  ]);
  return { ...page, summary };
}
