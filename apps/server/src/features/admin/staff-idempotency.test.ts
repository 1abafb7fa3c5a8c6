// Staff changes to valuables, cash and book balances are proposed once per Idempotency-Key
// (DESIGN §3, issue 15), and approved once per key (DESIGN §4 "Dual control"): a repeat with the
// key answers what the first did, marked replayed, and proposes or changes nothing more; the key
// with another body is refused; no key, no proposal. A refused proposal keeps no key, so a
// corrected retry with it runs. Two requests with one key at once make one proposal: on
// PostgreSQL (TEST_DATABASE_URL) they really run at once, the second waiting on the first's key;
// PGlite has one connection, so there they run one after the other. Each proposal here is made
// by `staff` and approved by `otherStaff`.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import { idempotentReplayHeader } from '@secure-vault/shared/http';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog, profiles } from '../../db/schema.ts';
import { idempotencyKeys, ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { approveProposal, valuableIdOf } from '../../test/approvals.ts';
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

/**
 * Everything a staff change to this customer could leave: holdings, journal, audit, balance,
 * and the proposals waiting or decided.
 */
async function footprint(userId: string) {
  const [held, journal, audit, profile, proposals] = await Promise.all([
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
    t.ctx.db
      .select()
      .from(staffProposals)
      .where(eq(staffProposals.subjectUserId, userId))
      .orderBy(asc(staffProposals.id)),
  ]);
  return { held, journal, audit, profile, proposals };
}

/** The second staff member approves a proposal `staff` made (200); returns the approval. */
async function approveIt(proposed: LightMyRequestResponse, key?: string) {
  expect(proposed.statusCode, proposed.body).toBe(202);
  const res = await approveProposal(t, otherStaff, proposed.json<Proposal>().id, key);
  expect(res.statusCode, res.body).toBe(200);
  return res;
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

/** A custody item staff added, proposed and approved (journaled, audited); returns its id. */
async function addRing(owner: Customer, estimatedValue = '100.00'): Promise<string> {
  const res = await asStaff('POST', '/valuables', {
    userId: owner.userId,
    itemName: 'Ring',
    itemType: 'jewelry',
    estimatedValue,
  });
  await approveIt(res);
  return valuableIdOf(t, res.json<Proposal>().id);
}

/** Sends the same request twice with one key: the first proposes, the second replays it. */
async function twice(method: AnyMethod, url: string, body: unknown, status = 202) {
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
  it('proposes a custody item once, and its approval adds one valuable, one journal row, one audit row', async () => {
    const owner = await createCustomer(t);
    const { first, key } = await twice('POST', '/valuables', {
      userId: owner.userId,
      itemName: 'Necklace',
      itemType: 'jewelry',
      estimatedValue: '320.40',
    });
    const waiting = await footprint(owner.userId);
    expect(waiting.proposals.map((row) => row.id)).toEqual([first.json<Proposal>().id]);
    expect(waiting.held).toEqual([]);
    await approveIt(first);
    const { held, journal } = await footprint(owner.userId);
    expect(held).toHaveLength(1);
    expect(held[0]?.id).toBe(await valuableIdOf(t, first.json<Proposal>().id));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ kind: 'admin_add', valueDelta: '320.40000000' });
    expect(await auditsOf(owner.userId, 'admin.valuable_added')).toHaveLength(1);
    // The proposal retried after its approval answers as it did, and proposes nothing more.
    const retry = await asStaff(
      'POST',
      '/valuables',
      { userId: owner.userId, itemName: 'Necklace', itemType: 'jewelry', estimatedValue: '320.40' },
      key,
    );
    expect(replayed(retry)).toBe('true');
    expect(retry.body).toBe(first.body);
    expect((await footprint(owner.userId)).proposals).toHaveLength(1);
  });

  it('credits cash once', async () => {
    const owner = await createCustomer(t, { cash: '10.00' });
    const { first } = await twice('POST', '/valuables', {
      userId: owner.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '500',
    });
    await approveIt(first);
    const { held, journal } = await footprint(owner.userId);
    expect(held.map((row) => row.estimatedValue)).toEqual(['510.00000000']);
    expect(journal.filter((row) => row.kind === 'admin_add')).toHaveLength(1);
    expect(await auditsOf(owner.userId, 'admin.valuable_added')).toHaveLength(1);
  });

  it('approves once: the repeat answers the same approval and credits nothing more', async () => {
    const owner = await createCustomer(t);
    const proposed = await asStaff('POST', '/valuables', {
      userId: owner.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '42',
    });
    const key = randomUUID();
    const first = await approveIt(proposed, key);
    const again = await approveProposal(t, otherStaff, proposed.json<Proposal>().id, key);
    expect(again.statusCode).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.body).toBe(first.body);
    // Another key is another approval: the proposal is decided already.
    const fresh = await approveProposal(t, otherStaff, proposed.json<Proposal>().id);
    expect([fresh.statusCode, codeOf(fresh)]).toEqual([409, 'CONFLICT']);
    const { held, journal } = await footprint(owner.userId);
    expect(held.map((row) => row.estimatedValue)).toEqual(['42.00000000']);
    expect(journal).toHaveLength(1);
    expect(await auditsOf(owner.userId, 'admin.proposal_approved')).toHaveLength(1);
  });

  it('edits once: one journal row for the change of value, one audit row', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner);
    const { first } = await twice('PATCH', `/valuables/${id}`, {
      itemName: 'Ring, resized',
      itemType: 'jewelry',
      estimatedValue: '150.00',
    });
    expect(first.json()).toMatchObject({
      kind: 'valuable_edit',
      itemName: 'Ring, resized',
      valueAfter: '150.00000000',
    });
    await approveIt(first);
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
    expect(row).toMatchObject({ itemName: 'Ring, resized', estimatedValue: '150.00000000' });
    const edits = (await journalOf(id)).filter((entry) => entry.kind === 'admin_edit');
    expect(edits.map((entry) => entry.valueDelta)).toEqual(['50.00000000']);
    expect(await auditsOf(owner.userId, 'admin.valuable_edited')).toHaveLength(1);
  });

  it('deletes once, and the repeat answers 202 (not "no such valuable")', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner, '75.00');
    const { first, key } = await twice('DELETE', `/valuables/${id}`, undefined);
    await approveIt(first);
    const { held } = await footprint(owner.userId);
    expect(held).toEqual([]);
    const outs = (await journalOf(id)).filter((row) => row.kind === 'admin_delete');
    expect(outs.map((row) => row.valueDelta)).toEqual(['-75.00000000']);
    expect(await auditsOf(owner.userId, 'admin.valuable_deleted')).toHaveLength(1);
    const retry = await asStaff('DELETE', `/valuables/${id}`, undefined, key);
    expect([retry.statusCode, replayed(retry)]).toEqual([202, 'true']);
    // A fresh key is a new request: the valuable is gone.
    const fresh = await asStaff('DELETE', `/valuables/${id}`, undefined);
    expect([fresh.statusCode, codeOf(fresh)]).toEqual([404, 'NOT_FOUND']);
  });

  it('records a book balance once: one proposal, one audit row, nothing journaled', async () => {
    const owner = await createCustomer(t);
    const { first } = await twice('PUT', `/users/${owner.userId}/book-balance`, {
      bookBalance: '1200.50',
    });
    expect(first.json()).toMatchObject({
      kind: 'book_balance',
      customer: { id: owner.userId },
      amount: '1200.50000000',
    });
    const { journal, profile, proposals } = await footprint(owner.userId);
    expect(journal).toEqual([]);
    expect(proposals).toHaveLength(1);
    expect(profile).toMatchObject([{ bookBalance: '1200.50', recordedBy: staff.userId }]);
    expect(await auditsOf(owner.userId, 'admin.book_balance_set')).toHaveLength(1);
  });

  it('replays the first answer even after the valuable changed since', async () => {
    const owner = await createCustomer(t);
    const id = await addRing(owner);
    const key = randomUUID();
    const body = { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '200.00' };
    const first = await asStaff('PATCH', `/valuables/${id}`, body, key);
    await approveIt(first);
    await approveIt(
      await asStaff('PATCH', `/valuables/${id}`, { ...body, estimatedValue: '90.00' }),
    );
    // A retry of the first request does not propose its value again.
    const before = await footprint(owner.userId);
    const retry = await asStaff('PATCH', `/valuables/${id}`, body, key);
    expect(replayed(retry)).toBe('true');
    expect(retry.body).toBe(first.body);
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
    expect(row?.estimatedValue).toBe('90.00000000');
    expect(await footprint(owner.userId)).toEqual(before);
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
    expect((await asStaff('DELETE', `/valuables/${one}`, undefined, key)).statusCode).toBe(202);
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
    expect([mine.statusCode, theirs.statusCode]).toEqual([202, 202]);
    expect(replayed(theirs)).toBeUndefined();
    expect(theirs.json<Proposal>().id).not.toBe(mine.json<Proposal>().id);
    const makers = (await auditsOf(owner.userId, 'admin.proposal_created')).map((a) => a.actorId);
    expect(makers.sort()).toEqual([staff.userId, otherStaff.userId].sort());
    // Their key is theirs on every route: approving with it is another request.
    const reused = await approveProposal(t, otherStaff, mine.json<Proposal>().id, key);
    expect([reused.statusCode, codeOf(reused)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // Each approves the other's: two approvals, two valuables.
    await approveProposal(t, otherStaff, mine.json<Proposal>().id);
    const back = await approveProposal(t, staff, theirs.json<Proposal>().id);
    expect(back.statusCode, back.body).toBe(200);
    const actors = (await auditsOf(owner.userId, 'admin.valuable_added')).map((a) => a.actorId);
    expect(actors.sort()).toEqual([staff.userId, otherStaff.userId].sort());
    expect((await footprint(owner.userId)).held).toHaveLength(2);
  });
});

describe('no Idempotency-Key', () => {
  it('is refused with IDEMPOTENCY_KEY_REQUIRED on each route, and nothing changes', async () => {
    const owner = await createCustomer(t, { cash: '20.00' });
    const id = await addRing(owner);
    const waiting = await asStaff('POST', '/valuables', {
      userId: owner.userId,
      itemName: 'Coin',
      itemType: 'collectibles',
      estimatedValue: '3',
    });
    expect(waiting.statusCode).toBe(202);
    const pending = waiting.json<Proposal>().id;
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
      ['POST', `/proposals/${pending}/approve`, undefined],
      ['POST', `/proposals/${pending}/reject`, { reason: 'Not today' }],
      ['POST', `/proposals/${pending}/withdraw`, undefined],
    ];
    for (const [method, url, body] of cases) {
      // The approve and reject are the other staff member's to make; the withdraw is the maker's.
      const caller = url.includes('/proposals/') && !url.endsWith('withdraw') ? otherStaff : staff;
      const missing = await api(t, method, `/admin${url}`, body, caller.cookie);
      expect([missing.statusCode, codeOf(missing)], `${method} ${url}`).toEqual([
        400,
        'IDEMPOTENCY_KEY_REQUIRED',
      ]);
      // A key that is not one (too short, too long, a space in it) is no key.
      for (const key of ['short', 'x'.repeat(101), 'has space in it']) {
        const bad = await asStaff(method, url, body, key, caller);
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
    expect((await footprint(owner.userId)).proposals.find((p) => p.id === pending)?.status).toBe(
      'pending',
    );
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
    expect(added.statusCode, added.body).toBe(202);
    expect(replayed(added)).toBeUndefined();

    // Editing a valuable that does not exist, then the real one.
    key = randomUUID();
    const edit = { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '130.00' };
    const noValuable = await asStaff('PATCH', `/valuables/${unknownId}`, edit, key);
    expect([noValuable.statusCode, codeOf(noValuable)]).toEqual([404, 'NOT_FOUND']);
    const edited = await asStaff('PATCH', `/valuables/${id}`, edit, key);
    expect(edited.json()).toMatchObject({ valueAfter: '130.00000000' });
    await approveIt(edited);
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
    expect(row?.estimatedValue).toBe('130.00000000');

    // Approving a proposal that does not exist, then the real one.
    key = randomUUID();
    const noProposal = await approveProposal(t, otherStaff, randomUUID(), key);
    expect([noProposal.statusCode, codeOf(noProposal)]).toEqual([404, 'NOT_FOUND']);
    const approval = await approveProposal(t, otherStaff, added.json<Proposal>().id, key);
    expect([approval.statusCode, replayed(approval)]).toEqual([200, undefined]);

    // Deleting a valuable that does not exist, then the real one.
    key = randomUUID();
    const noDelete = await asStaff('DELETE', `/valuables/${unknownId}`, undefined, key);
    expect(codeOf(noDelete)).toBe('NOT_FOUND');
    expect((await asStaff('DELETE', `/valuables/${id}`, undefined, key)).statusCode).toBe(202);

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
    expect(recorded.statusCode).toBe(202);
    expect(recorded.json()).toMatchObject({ kind: 'book_balance', amount: '9.00000000' });
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
    expect([below.statusCode, codeOf(below)], below.body).toEqual([422, 'INSUFFICIENT_CASH']);
    expect(await footprint(owner.userId)).toEqual(before);
    const corrected = await asStaff(
      'PATCH',
      `/valuables/${cash?.id}`,
      { itemName: 'Cash', itemType: 'cash', estimatedValue: '25' },
      key,
    );
    expect(replayed(corrected)).toBeUndefined();
    expect(corrected.json()).toMatchObject({ valueAfter: '25.00000000' });
    await approveIt(corrected);
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
  it('propose exactly one valuable; the other answer is its replay', async () => {
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
        expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([202, 202]);
        expect(a.body).toBe(b.body);
        expect([replayed(a), replayed(b)].sort()).toEqual(['true', undefined]);
        expect((await footprint(owner.userId)).proposals).toHaveLength(1);
        await approveIt(a);
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
        expect(results.map((res) => res.statusCode)).toEqual([202, 202]);
        expect(results.map(replayed).sort()).toEqual(['true', undefined]);
        expect(await auditsOf(owner.userId, 'admin.book_balance_set')).toHaveLength(1);
        expect((await footprint(owner.userId)).proposals).toHaveLength(1);
      }),
    );
  });
});
