// The audit log for staff (contracts: shared/audit/contracts.ts): rows newest first (time, then
// id, so a page boundary never splits or repeats rows written in the same instant), filtered by
// actor, customer, action and whole UTC days, with the actor's and the customer's addresses.
import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
  isAuditActionGroupFilter,
  isUuid,
} from '@secure-vault/shared/audit';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

const actors = alias(users, 'actor');
const customers = alias(users, 'customer');

/** Keys whose values must never be shown, should a future entry ever carry one. */
const secretKey = /password|secret|token|totp|recoveryCode|^otp$|^code$/i;

/** The details as recorded, less any value under a key that names a secret. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return fieldsWithoutSecrets(value);
}

function fieldsWithoutSecrets(value: object): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!secretKey.test(key)) kept[key] = withoutSecrets(inner);
  }
  return kept;
}

/** The account a filter names by id or by exact address; null when no account has it. */
async function accountOf(db: Db, person: string): Promise<string | null> {
  if (isUuid(person)) return person;
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, person));
  return found?.id ?? null;
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);

/** The filter as a WHERE condition, or null when it names an account that does not exist. */
async function conditionOf(db: Db, filter: AuditFilter): Promise<SQL | undefined | null> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor !== undefined) {
    const id = await accountOf(db, filter.actor);
    if (id === null) return null;
    conditions.push(eq(auditLog.actorId, id));
  }
  if (filter.customer !== undefined) {
    const id = await accountOf(db, filter.customer);
    if (id === null) return null;
    conditions.push(eq(auditLog.subjectUserId, id));
  }
  if (filter.action !== undefined) {
    // A family's prefix is one of a closed list of letters and a dot: nothing to escape.
    conditions.push(
      isAuditActionGroupFilter(filter.action)
        ? like(auditLog.action, `${filter.action}%`)
        : eq(auditLog.action, filter.action),
    );
  }
  if (filter.from !== undefined) conditions.push(gte(auditLog.createdAt, startOfDay(filter.from)));
  if (filter.to !== undefined) conditions.push(lt(auditLog.createdAt, dayAfter(filter.to)));
  return and(...conditions);
}

/** The entries matching `where`, newest first, `limit` of them from `offset`. */
async function entriesOf(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorEmail: actors.email,
      customerId: auditLog.subjectUserId,
      customerEmail: customers.email,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(customers, eq(customers.id, auditLog.subjectUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    // An account that is gone still shows by its id.
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '' },
    customer:
      row.customerId === null ? null : { id: row.customerId, email: row.customerEmail ?? '' },
    ip: row.ip,
    details: fieldsWithoutSecrets(row.details ?? {}),
  }));
}

export interface AuditPaging {
  page: number;
  pageSize: number;
}

export async function listAuditLog(
  db: Db,
  filter: AuditFilter,
  paging: AuditPaging,
): Promise<AuditPage> {
  const where = await conditionOf(db, filter);
  if (where === null) return { entries: [], total: 0, ...paging };
  const [entries, [counted]] = await Promise.all([
    entriesOf(db, where, paging.pageSize, (paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries, total: counted?.total ?? 0, ...paging };
}

/** The newest `limit` entries matching the filter, for the export. */
export async function auditEntriesFor(
  db: Db,
  filter: AuditFilter,
  limit: number,
): Promise<AuditEntry[]> {
  const where = await conditionOf(db, filter);
  return where === null ? [] : entriesOf(db, where, limit, 0);
}
