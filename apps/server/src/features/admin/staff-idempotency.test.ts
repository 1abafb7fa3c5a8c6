// Staff changes to valuables, cash and book balances are made once per Idempotency-Key (DESIGN
// §3, issue 15): a repeat with the key answers what the first did, marked replayed, and changes
// nothing more; the key with another body is refused; no key, no change. A refused change keeps
// no key, so a corrected retry with it runs. Two requests with one key at once make one change:
// on PostgreSQL (TEST_DATABASE_URL) they really run at once, the second waiting on the first's
// key; PGlite has one connection, so there they run one after the other.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared/http';
import { auditLog, profiles } from '../../db/schema.ts';
import { idempotencyKeys, ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import { type AnyMethod, api, keyedApi } from '../../test/vault.ts';

let t: TestApp;
let staff: Customer;
let otherStaff: Customer;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffMember(t);
  otherStaff = await createStaffMember(t);
});
afterAll(() => t.close());

/** How many times the race is run: on PGlite nothing runs at once, so once is enough. */
const rounds = dbKind === 'postgres' ? 6 : 1;

/** A staff change as the admin panel sends it, with `key` (fresh unless given). */
const asStaff = (
  method: AnyMethod,
  url: string,
  body: unknown,
  key?: string,
  caller: Customer = staff,
) => keyedApi(t, method, `/admin${url}`, body, caller.cookie, key);

const replayed = (res: LightMyRequestResponse) => res.headers[idempotentReplayHeader];
const codeOf = (res: LightMyRequestResponse) => res.json<{ error: { code: string } }>().error.code;

/** Everything a staff change to this customer could leave: holdings, journal, audit, balance. */
async function footprint(userId: string) {
  const [held, journal, audit, profile] = await Promise.all([
    t.ctx.db
      .select()
      .from(valuables)
      .where(eq(valuables.userId, userId))
      .orderBy(asc(valuables.id)),
    t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, userId))
      .orderBy(asc(auditLog.id)),
    t.ctx.db
      .select({
        bookBalance: profiles.bookBalance,
        recordedBy: profiles.bookBalanceRecordedBy,
        updatedAt: profiles.updatedAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
  ]);
  return { held, journal, audit, profile };
}

async function auditsOf(userId: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
}

async function journalOf(valuableId: string) {
  return t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.valuableId, valuableId));
}

/** A custody item staff added (journaled, audited); returns its id. */
async function addRing(owner: Customer, estimatedValue = '100.00'): Promise<string> {
  const res = await asStaff('POST', '/valuables', {
    userId: owner.userId,
    itemName: 'Ring',
    itemType: 'jewelry',
    estimatedValue,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** Sends the same request twice with one key: the first changes, the second replays it. */
async function twice(method: AnyMethod, url: string, body: unknown, status: number) {
  const key = randomUUID();
  const first = await asStaff(method, url, body, key);
  expect(first.statusCode, first.body).toBe(status);
  expect(replayed(first)).toBeUndefined();
  const again = await asStaff(method, url, body, key);
  expect(again.statusCode, again.body).toBe(status);
  expect(replayed(again)).toBe('true');
  expect(again.body).toBe(first.body);
  return { first, again, key };
}

describe('the same Idempotency-Key twice', () => {
  it('adds a custody item once: one valuable, one journal row, one audit row', async () => {
    const owner = await createCustomer(t);
    const { first } = await twice(
      'POST',
      '/valuables',
      { userId: owner.userId, itemName: 'Necklace', itemType: 'jewelry', estimatedValue: '320.40' },
      201,
    );
    const { held, journal } = await footprint(owner.userId);
    expect(held.map((row) => row.id)).toEqual([first.json<{ id: string }>().id]);
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ kind: 'admin_add', valueDelta: '320.40000000' });
    expect(await auditsOf(owner.userId, 'admin.valuable_added')).toHaveLength(1);
  });

  it('credits cash once', async () => {
    const owner = await createCustomer(t, { cash: '10.00' });
    await twice(
      'POST',
      '/valuables',
      { userId: owner.userId, itemName: 'Cash', itemType: 'cash', estimatedValue: '500' },
      201,
    );
    const { held, journal } = await footprint(owner.userId);
    expect(held.map((row) => row.estimatedValue)).toEqual(['510.00000000']);
    expect(journal.filter((row) => row.kind === 'admin_add')).toHaveLength(1);
    expect(await auditsOf(owner.userId, 'admin.valuable_added')).toHaveLength(1);
  });

  it('edits once: one journal row for the change of value, one audit row', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner);
    const { first } = await twice(
      'PATCH',
      `/valuables/${id}`,
      { itemName: 'Ring, resized', itemType: 'jewelry', estimatedValue: '150.00' },
      200,
    );
    expect(first.json()).toMatchObject({
      itemName: 'Ring, resized',
      estimatedValue: '150.00000000',
    });
    const edits = (await journalOf(id)).filter((row) => row.kind === 'admin_edit');
    expect(edits.map((row) => row.valueDelta)).toEqual(['50.00000000']);
    expect(await auditsOf(owner.userId, 'admin.valuable_edited')).toHaveLength(1);
  });

  it('deletes once, and the repeat answers 204 (not "no such valuable")', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner, '75.00');
    await twice('DELETE', `/valuables/${id}`, undefined, 204);
    const { held } = await footprint(owner.userId);
    expect(held).toEqual([]);
    const outs = (await journalOf(id)).filter((row) => row.kind === 'admin_delete');
    expect(outs.map((row) => row.valueDelta)).toEqual(['-75.00000000']);
    expect(await auditsOf(owner.userId, 'admin.valuable_deleted')).toHaveLength(1);
    // A fresh key is a new request: the valuable is gone.
    const fresh = await asStaff('DELETE', `/valuables/${id}`, undefined);
    expect([fresh.statusCode, codeOf(fresh)]).toEqual([404, 'NOT_FOUND']);
  });

  it('records a book balance once: one audit row, nothing journaled', async () => {
    const owner = await createCustomer(t);
    const { first } = await twice(
      'PUT',
      `/users/${owner.userId}/book-balance`,
      { bookBalance: '1200.50' },
      200,
    );
    expect(first.json()).toMatchObject({ userId: owner.userId, bookBalance: '1200.50' });
    const { journal, profile } = await footprint(owner.userId);
    expect(journal).toEqual([]);
    expect(profile).toMatchObject([{ bookBalance: '1200.50', recordedBy: staff.userId }]);
    expect(await auditsOf(owner.userId, 'admin.book_balance_set')).toHaveLength(1);
  });

  it('replays the first answer even after the valuable changed since', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner);
    const key = randomUUID();
    const body = { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '200.00' };
    const first = await asStaff('PATCH', `/valuables/${id}`, body, key);
    expect(first.statusCode).toBe(200);
    const later = await asStaff('PATCH', `/valuables/${id}`, { ...body, estimatedValue: '90.00' });
    expect(later.statusCode).toBe(200);
    // A retry of the first request does not put its value back.
    const retry = await asStaff('PATCH', `/valuables/${id}`, body, key);
    expect(replayed(retry)).toBe('true');
    expect(retry.body).toBe(first.body);
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
    expect(row?.estimatedValue).toBe('90.00000000');
  });
});

describe('a key used again for another request', () => {
  it('is refused with IDEMPOTENCY_KEY_REUSED on each route, and nothing changes', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner);
    const cases: [AnyMethod, string, unknown, unknown][] = [
      [
        'POST',
        '/valuables',
        { userId: owner.userId, itemName: 'Coin', itemType: 'collectibles', estimatedValue: '5' },
        { userId: owner.userId, itemName: 'Coin', itemType: 'collectibles', estimatedValue: '50' },
      ],
      [
        'PATCH',
        `/valuables/${id}`,
        { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '110.00' },
        { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '999.00' },
      ],
      ['PUT', `/users/${owner.userId}/book-balance`, { bookBalance: '10' }, { bookBalance: '11' }],
    ];
    for (const [method, url, body, otherBody] of cases) {
      const key = randomUUID();
      expect((await asStaff(method, url, body, key)).statusCode).toBeLessThan(300);
      const before = await footprint(owner.userId);
      const reused = await asStaff(method, url, otherBody, key);
      expect([reused.statusCode, codeOf(reused)], `${method} ${url}`).toEqual([
        422,
        'IDEMPOTENCY_KEY_REUSED',
      ]);
      expect(await footprint(owner.userId)).toEqual(before);
    }
  });

  it('is refused on another route or another valuable, even a delete that has no body', async () => {
    const owner = await createCustomer(t);
    const [one, two] = [await addRing(owner), await addRing(owner)];
    const key = randomUUID();
    expect((await asStaff('DELETE', `/valuables/${one}`, undefined, key)).statusCode).toBe(204);
    const before = await footprint(owner.userId);
    for (const [method, url, body] of [
      ['DELETE', `/valuables/${two}`, undefined],
      ['PUT', `/users/${owner.userId}/book-balance`, { bookBalance: '5' }],
      [
        'POST',
        '/valuables',
        { userId: owner.userId, itemName: 'Coin', itemType: 'collectibles', estimatedValue: '5' },
      ],
    ] as const) {
      const res = await asStaff(method, url, body, key);
      expect([res.statusCode, codeOf(res)], `${method} ${url}`).toEqual([
        422,
        'IDEMPOTENCY_KEY_REUSED',
      ]);
    }
    expect(await footprint(owner.userId)).toEqual(before);
  });

  it("is another staff member's own: their request with it runs, and never sees the first answer", async () => {
    const owner = await createCustomer(t);
    const key = randomUUID();
    const body = {
      userId: owner.userId,
      itemName: 'Vase',
      itemType: 'artwork',
      estimatedValue: '40',
    };
    const mine = await asStaff('POST', '/valuables', body, key);
    const theirs = await asStaff('POST', '/valuables', body, key, otherStaff);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(replayed(theirs)).toBeUndefined();
    expect(theirs.json<{ id: string }>().id).not.toBe(mine.json<{ id: string }>().id);
    const actors = (await auditsOf(owner.userId, 'admin.valuable_added')).map((a) => a.actorId);
    expect(actors.sort()).toEqual([staff.userId, otherStaff.userId].sort());
  });
});

describe('no Idempotency-Key', () => {
  it('is refused with IDEMPOTENCY_KEY_REQUIRED on each route, and nothing changes', async () => {
    const owner = await createCustomer(t, { cash: '20.00' });
    const id = await addRing(owner);
    const before = await footprint(owner.userId);
    const keysBefore = await t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, staff.userId));
    const cases: [AnyMethod, string, unknown][] = [
      [
        'POST',
        '/valuables',
        { userId: owner.userId, itemName: 'Cash', itemType: 'cash', estimatedValue: '100' },
      ],
      ['PATCH', `/valuables/${id}`, { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '1' }],
      ['DELETE', `/valuables/${id}`, undefined],
      ['PUT', `/users/${owner.userId}/book-balance`, { bookBalance: '300' }],
    ];
    for (const [method, url, body] of cases) {
      const missing = await api(t, method, `/admin${url}`, body, staff.cookie);
      expect([missing.statusCode, codeOf(missing)], `${method} ${url}`).toEqual([
        400,
        'IDEMPOTENCY_KEY_REQUIRED',
      ]);
      // A key that is not one (too short, too long, a space in it) is no key.
      for (const key of ['short', 'x'.repeat(101), 'has space in it']) {
        const bad = await asStaff(method, url, body, key);
        expect([bad.statusCode, codeOf(bad)], `${method} ${url} ${key}`).toEqual([
          400,
          'IDEMPOTENCY_KEY_REQUIRED',
        ]);
      }
    }
    expect(await footprint(owner.userId)).toEqual(before);
    const keysAfter = await t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, staff.userId));
    expect(keysAfter).toHaveLength(keysBefore.length);
  });
});

describe('a refused change', () => {
  it('keeps no key: the corrected retry with the same key runs', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner);
    const unknownId = '00000000-0000-4000-8000-000000000000';

    // Adding for a customer that does not exist, then for the real one.
    let key = randomUUID();
    const item = { itemName: 'Watch', itemType: 'jewelry', estimatedValue: '60' };
    const noOwner = await asStaff('POST', '/valuables', { ...item, userId: unknownId }, key);
    expect([noOwner.statusCode, codeOf(noOwner)]).toEqual([404, 'NOT_FOUND']);
    const added = await asStaff('POST', '/valuables', { ...item, userId: owner.userId }, key);
    expect(added.statusCode, added.body).toBe(201);
    expect(replayed(added)).toBeUndefined();

    // Editing a valuable that does not exist, then the real one.
    key = randomUUID();
    const edit = { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '130.00' };
    const noValuable = await asStaff('PATCH', `/valuables/${unknownId}`, edit, key);
    expect([noValuable.statusCode, codeOf(noValuable)]).toEqual([404, 'NOT_FOUND']);
    const edited = await asStaff('PATCH', `/valuables/${id}`, edit, key);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ estimatedValue: '130.00000000' });

    // Deleting a valuable that does not exist, then the real one.
    key = randomUUID();
    const noDelete = await asStaff('DELETE', `/valuables/${unknownId}`, undefined, key);
    expect(codeOf(noDelete)).toBe('NOT_FOUND');
    expect((await asStaff('DELETE', `/valuables/${id}`, undefined, key)).statusCode).toBe(204);

    // A book balance for a customer that does not exist, then for the real one.
    key = randomUUID();
    const noProfile = await asStaff(
      'PUT',
      `/users/${unknownId}/book-balance`,
      { bookBalance: '9' },
      key,
    );
    expect(codeOf(noProfile)).toBe('NOT_FOUND');
    const recorded = await asStaff(
      'PUT',
      `/users/${owner.userId}/book-balance`,
      { bookBalance: '9' },
      key,
    );
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ bookBalance: '9.00' });
  });

  it('setting cash below zero is refused, changes nothing, and the same key then sets it', async () => {
    const owner = await createCustomer(t, { cash: '40.00' });
    const [cash] = await t.ctx.db
      .select()
      .from(valuables)
      .where(eq(valuables.userId, owner.userId));
    const key = randomUUID();
    const before = await footprint(owner.userId);
    const below = await asStaff(
      'PATCH',
      `/valuables/${cash?.id}`,
      { itemName: 'Cash', itemType: 'cash', estimatedValue: '-1' },
      key,
    );
    expect(below.statusCode, below.body).toBe(422);
    expect(await footprint(owner.userId)).toEqual(before);
    const corrected = await asStaff(
      'PATCH',
      `/valuables/${cash?.id}`,
      { itemName: 'Cash', itemType: 'cash', estimatedValue: '25' },
      key,
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(replayed(corrected)).toBeUndefined();
    expect(corrected.json()).toMatchObject({ estimatedValue: '25.00000000' });
    const again = await asStaff(
      'PATCH',
      `/valuables/${cash?.id}`,
      { itemName: 'Cash', itemType: 'cash', estimatedValue: '25' },
      key,
    );
    expect(replayed(again)).toBe('true');
    const edits = (await journalOf(cash?.id ?? '')).filter((row) => row.kind === 'admin_edit');
    expect(edits.map((row) => row.valueDelta)).toEqual(['-15.00000000']);
  });
});

describe('two adds with one key at once', () => {
  it('add exactly one valuable; the other answer is its replay', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const owner = await createCustomer(t);
        const key = randomUUID();
        const body = {
          userId: owner.userId,
          itemName: 'Cash',
          itemType: 'cash',
          estimatedValue: '250.00',
        };
        const [a, b] = await Promise.all([
          asStaff('POST', '/valuables', body, key),
          asStaff('POST', '/valuables', body, key),
        ]);
        expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
        expect(a.body).toBe(b.body);
        expect([replayed(a), replayed(b)].sort()).toEqual(['true', undefined]);
        const { held, journal } = await footprint(owner.userId);
        expect(held.map((row) => row.estimatedValue)).toEqual(['250.00000000']);
        expect(journal).toHaveLength(1);
        expect(await auditsOf(owner.userId, 'admin.valuable_added')).toHaveLength(1);
      }),
    );
  });

  it('record one book balance, audited once', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const owner = await createCustomer(t);
        const key = randomUUID();
        const url = `/users/${owner.userId}/book-balance`;
        const results = await Promise.all([
          asStaff('PUT', url, { bookBalance: '77.70' }, key),
          asStaff('PUT', url, { bookBalance: '77.70' }, key),
        ]);
        expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
        expect(results.map(replayed).sort()).toEqual(['true', undefined]);
        expect(await auditsOf(owner.userId, 'admin.book_balance_set')).toHaveLength(1);
      }),
    );
  });
});
