// Helpers for vault tests: any-method API calls with a session (staff changes with an
// Idempotency-Key, as the admin panel sends them), bulk seeding of valuables, and the journal
// invariant (every holding equals the sum of its journal deltas).
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { idempotencyHeader } from '@secure-vault/shared/http';
import { dec } from '@secure-vault/shared/money';
import type { ItemType } from '@secure-vault/shared/vault';
import { sessionCookieName } from '../auth/sessions.ts';
import { ledgerEntries, valuables } from '../db/vault-schema.ts';
import { randomIp } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

export type AnyMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An API call as the web app makes it (JSON, CSRF header, session cookie), any method. */
export function api(
  t: TestApp,
  method: AnyMethod,
  url: string,
  body?: unknown,
  cookie?: string,
  extraHeaders: Record<string, string> = {},
) {
  const headers: Record<string, string> = { 'x-requested-with': 'secure-vault', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = `${sessionCookieName}=${cookie}`;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    remoteAddress: randomIp(),
  });
}

/**
 * A change as the web app sends one that takes an Idempotency-Key (a staff change to valuables,
 * cash or a book balance): `api` with a fresh key for each call unless `key` is given, the same
 * key being a retry of the same action. A GET carries no key.
 */
export function keyedApi(
  t: TestApp,
  method: AnyMethod,
  url: string,
  body?: unknown,
  cookie?: string,
  key: string = randomUUID(),
) {
  return api(t, method, url, body, cookie, method === 'GET' ? {} : { [idempotencyHeader]: key });
}

export interface SeedItem {
  itemName?: string;
  itemType?: ItemType;
  estimatedValue?: string | null;
  status?: 'active' | 'locked' | 'in_delivery' | 'delivered';
  assetSymbol?: string | null;
  quantity?: string | null;
  unit?: 'mg' | 'units' | null;
  dateStored?: Date;
}

/** Inserts valuables straight into the table (no journal): for reads, not for invariants. */
export async function seedValuables(
  t: TestApp,
  userId: string,
  items: SeedItem[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const now = t.ctx.clock.now().getTime();
  const rows = await t.ctx.db
    .insert(valuables)
    .values(
      items.map((item, index) => ({
        userId,
        itemName: item.itemName ?? `Item ${index}`,
        itemType: item.itemType ?? 'jewelry',
        estimatedValue: item.estimatedValue === undefined ? '1.00' : item.estimatedValue,
        status: item.status ?? 'active',
        assetSymbol: item.assetSymbol ?? null,
        quantity: item.quantity ?? null,
        unit: item.unit ?? null,
        dateStored: item.dateStored ?? new Date(now - index * 1000),
        createdAt: new Date(now - index * 1000),
      })),
    )
    .returning({ id: valuables.id });
  return rows.map((row) => row.id);
}

export interface InvariantBreak {
  valuableId: string | null;
  holding: { value: string; quantity: string };
  journal: { value: string; quantity: string };
}

/**
 * Every valuable of these users against the sum of its journal rows, and every journaled
 * valuable that is gone (its rows must sum to zero). Returns the mismatches (none expected).
 */
export async function journalMismatches(t: TestApp, userIds: string[]): Promise<InvariantBreak[]> {
  const holdings = await t.ctx.db
    .select({
      id: valuables.id,
      value: sql<string>`coalesce(${valuables.estimatedValue}, 0)`,
      quantity: sql<string>`coalesce(${valuables.quantity}, 0)`,
    })
    .from(valuables)
    .where(inArray(valuables.userId, userIds));
  const journal = await t.ctx.db
    .select({
      valuableId: ledgerEntries.valuableId,
      value: sql<string>`sum(${ledgerEntries.valueDelta})`,
      quantity: sql<string>`coalesce(sum(${ledgerEntries.quantityDelta}), 0)`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.userId, userIds))
    .groupBy(ledgerEntries.valuableId);
  const sums = new Map(journal.map((row) => [row.valuableId, row]));
  const breaks: InvariantBreak[] = [];
  for (const holding of holdings) {
    const sum = sums.get(holding.id) ?? { value: '0', quantity: '0' };
    sums.delete(holding.id);
    if (!dec(holding.value).eq(sum.value) || !dec(holding.quantity).eq(sum.quantity)) {
      breaks.push({
        valuableId: holding.id,
        holding: { value: holding.value, quantity: holding.quantity },
        journal: { value: sum.value, quantity: sum.quantity },
      });
    }
  }
  for (const [valuableId, sum] of sums) {
    if (!dec(sum.value).isZero() || !dec(sum.quantity).isZero()) {
      breaks.push({
        valuableId,
        holding: { value: '0', quantity: '0' },
        journal: { value: sum.value, quantity: sum.quantity },
      });
    }
  }
  return breaks;
}
