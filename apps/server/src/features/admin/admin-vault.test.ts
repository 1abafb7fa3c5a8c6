// Staff's vault routes (SPEC §5) under dual control (DESIGN §4): every add, edit, delete and
// book balance is a proposal (202) that changes nothing until a second staff member approves it;
// approval makes the change once, journaled with the approver and audited with both names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Proposal } from '@secure-vault/shared/approvals';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog, profiles, users } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import {
  grantAdmin,
  signUp,
  signUpStaff,
  type SignedUp,
  type Staff,
} from '../../test/auth-helpers.ts';
import {
  approveProposal,
  checkerFor,
  proposeAndApprove,
  valuableIdOf,
} from '../../test/approvals.ts';
import type { Customer } from '../../test/customers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  type AnyMethod,
  api,
  journalMismatches,
  keyedApi,
  seedValuables,
} from '../../test/vault.ts';
import { recordMovements } from '../../ledger/test-journal.ts';

let t: TestApp;
/** The staff member who proposes each change. */
let staff: Staff;
/** The second staff member, who approves it. */
let checker: Customer;
let alice: SignedUp;
let bob: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  checker = await checkerFor(t, staff);
  [alice, bob] = [await signUp(t), await signUp(t)];
});
afterAll(() => t.close());

/** Staff calls as the admin panel makes them: each change with a fresh Idempotency-Key. */
const asStaff = (method: AnyMethod, url: string, body?: unknown) =>
  keyedApi(t, method, `/admin${url}`, body, staff.cookie);
/** The proposals: 202 and nothing changed, or refused as the change would be. */
const add = (body: Record<string, unknown>) => asStaff('POST', '/valuables', body);
const edit = (id: string, body: Record<string, unknown>) =>
  asStaff('PATCH', `/valuables/${id}`, body);
const remove = (id: string) => asStaff('DELETE', `/valuables/${id}`);

type ValuableRow = typeof valuables.$inferSelect;

async function valuableRow(id: string): Promise<ValuableRow | undefined> {
  const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
  return row;
}

/**
 * A change as two staff members make it: `staff` proposes, the checker approves (200). Returns
 * the approved proposal and the valuable as it is afterwards (undefined once deleted).
 */
async function approved(
  method: AnyMethod,
  url: string,
  body?: unknown,
): Promise<{ proposal: Proposal; valuable: ValuableRow | undefined; valuableId: string }> {
  const { proposal, approval } = await proposeAndApprove(t, staff, method, `/admin${url}`, body);
  expect(approval.statusCode, approval.body).toBe(200);
  const valuableId = await valuableIdOf(t, proposal.id);
  return {
    proposal: approval.json<Proposal>(),
    valuable: await valuableRow(valuableId),
    valuableId,
  };
}
const added = async (body: Record<string, unknown>) =>
  (await approved('POST', '/valuables', body)).valuable as ValuableRow;
const edited = async (id: string, body: Record<string, unknown>) =>
  (await approved('PATCH', `/valuables/${id}`, body)).valuable as ValuableRow;
const removed = (id: string) => approved('DELETE', `/valuables/${id}`);

async function journalOf(valuableId: string) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.valuableId, valuableId))
    .orderBy(ledgerEntries.createdAt);
}

async function audited(action: string, subjectUserId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId)))
    .orderBy(desc(auditLog.createdAt));
}

async function newCustodyItem(owner: SignedUp, estimatedValue: string | null = '100.00') {
  return added({
    userId: owner.userId,
    itemName: 'Necklace',
    itemType: 'jewelry',
    estimatedValue,
  });
}

/** A metal position as the trading screens keep it, with its journal row. */
async function tradedPosition(
  owner: SignedUp,
  symbol: string,
  quantity = '1500.5',
  value = '85.52850000',
) {
  const [id] = await seedValuables(t, owner.userId, [
    {
      itemName: 'Gold',
      itemType: 'precious_metals',
      estimatedValue: value,
      assetSymbol: symbol,
      quantity,
      unit: 'mg',
    },
  ]);
  const movement = {
    userId: owner.userId,
    valuableId: id ?? null,
    assetSymbol: symbol,
    itemName: 'Gold',
    kind: 'buy' as const,
    quantityDelta: quantity,
    valueDelta: value,
  };
  await t.ctx.db.transaction((tx) => recordMovements(tx, [movement], t.ctx.clock.now()));
  return id as string;
}

describe('who may use the admin vault routes', () => {
  const routes = (
    targetUser: string,
    targetValuable: string,
    pending: string,
  ): [AnyMethod, string, unknown][] => [
    ['GET', '/admin/users', undefined],
    ['GET', '/admin/valuables', undefined],
    [
      'POST',
      '/admin/valuables',
      { userId: targetUser, itemName: 'Gift', itemType: 'cash', estimatedValue: '1000' },
    ],
    [
      'PATCH',
      `/admin/valuables/${targetValuable}`,
      { itemName: 'Mine now', itemType: 'jewelry', estimatedValue: '0' },
    ],
    ['DELETE', `/admin/valuables/${targetValuable}`, undefined],
    ['PUT', `/admin/users/${targetUser}/book-balance`, { bookBalance: '999999' }],
    ['GET', '/admin/proposals', undefined],
    ['POST', `/admin/proposals/${pending}/approve`, undefined],
    ['POST', `/admin/proposals/${pending}/reject`, { reason: 'Not mine' }],
    ['POST', `/admin/proposals/${pending}/withdraw`, undefined],
    ['GET', '/admin/net-worth', undefined],
    ['GET', '/admin/net-worth/users', undefined],
  ];

  /** A proposal of cash for the customer, waiting for a second staff member. */
  async function pendingCash(owner: SignedUp): Promise<string> {
    const res = await add({
      userId: owner.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '1000',
    });
    expect(res.statusCode).toBe(202);
    return res.json<Proposal>().id;
  }

  async function statusOf(proposalId: string) {
    const [row] = await t.ctx.db
      .select({ status: staffProposals.status })
      .from(staffProposals)
      .where(eq(staffProposals.id, proposalId));
    return row?.status;
  }

  it("refuses a customer with 403 on every route, with another customer's ids, changing nothing", async () => {
    const item = await newCustodyItem(bob);
    const pending = await pendingCash(bob);
    for (const [method, url, body] of routes(bob.userId, item.id, pending)) {
      // A well-formed Idempotency-Key opens nothing.
      const res = await keyedApi(t, method, url, body, alice.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const [still] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, item.id));
    expect(still).toMatchObject({ itemName: 'Necklace', estimatedValue: '100.00000000' });
    const bobsSummary = await api(t, 'GET', '/me/summary', undefined, bob.cookie);
    expect(bobsSummary.json()).toMatchObject({ bookBalance: '0.00', cashBalance: '0.00' });
    expect(await statusOf(pending)).toBe('pending');
  });

  it('refuses a signed-out caller with 401 on every route', async () => {
    const item = await newCustodyItem(bob);
    const pending = await pendingCash(bob);
    for (const [method, url, body] of routes(bob.userId, item.id, pending)) {
      const res = await keyedApi(t, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await statusOf(pending)).toBe('pending');
    for (const url of ['/me/profile', '/me/valuables', '/me/summary']) {
      expect((await api(t, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('refuses staff without two-factor', async () => {
    const newcomer = await signUp(t);
    await grantAdmin(t, newcomer.userId);
    const res = await api(t, 'GET', '/admin/users', undefined, newcomer.cookie);
    expect(res.json().error.code).toBe('STAFF_2FA_REQUIRED');
  });
});

describe('adding a valuable', () => {
  it('proposes it and stores nothing until another staff member approves', async () => {
    const before = await api(t, 'GET', '/me/valuables', undefined, alice.cookie);
    const res = await add({
      userId: alice.userId,
      itemName: 'Emerald brooch',
      itemType: 'jewelry',
      estimatedValue: '900',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'valuable_add',
      status: 'pending',
      customer: { id: alice.userId },
      maker: { id: staff.userId },
      checker: null,
      amount: '900.00000000',
      itemName: 'Emerald brooch',
      canWithdraw: true,
      canDecide: false,
    });
    const mine = await api(t, 'GET', '/me/valuables', undefined, alice.cookie);
    expect(mine.json()).toEqual(before.json());
    const own = await approveProposal(t, staff, res.json<Proposal>().id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('SAME_STAFF');
    expect((await api(t, 'GET', '/me/valuables', undefined, alice.cookie)).json()).toEqual(
      before.json(),
    );
  });

  it('stores it on approval, journals its value with the approver, audits both names, and only its owner sees it', async () => {
    const { proposal, valuable: item } = await approved('POST', '/valuables', {
      userId: alice.userId,
      itemName: '  Diamond ring ',
      itemType: 'jewelry',
      estimatedValue: '12500.75',
      description: 'Platinum band',
      storageLocation: '',
    });
    expect(proposal).toMatchObject({
      status: 'approved',
      maker: { id: staff.userId },
      checker: { id: checker.userId },
    });
    if (!item) throw new Error('nothing stored');
    expect(item).toMatchObject({
      userId: alice.userId,
      itemName: 'Diamond ring',
      itemType: 'jewelry',
      estimatedValue: '12500.75000000',
      description: 'Platinum band',
      storageLocation: null,
      status: 'active',
    });
    const [entry, ...more] = await journalOf(item.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      userId: alice.userId,
      kind: 'admin_add',
      valueDelta: '12500.75000000',
      quantityDelta: null,
      actorId: checker.userId,
      itemName: 'Diamond ring',
    });
    const [audit] = await audited('admin.valuable_added', alice.userId);
    expect(audit).toMatchObject({
      actorId: checker.userId,
      details: {
        valuableId: item.id,
        proposalId: proposal.id,
        makerId: staff.userId,
        itemType: 'jewelry',
        estimatedValue: '12500.75000000',
      },
    });

    const mine = await api(t, 'GET', '/me/valuables', undefined, alice.cookie);
    expect(mine.json().map((v: { id: string }) => v.id)).toContain(item.id);
    const theirs = await api(t, 'GET', '/me/valuables', undefined, bob.cookie);
    expect(theirs.json().map((v: { id: string }) => v.id)).not.toContain(item.id);
  });

  it('journals an item without a value as zero', async () => {
    const item = await newCustodyItem(alice, null);
    expect(item.estimatedValue).toBeNull();
    expect((await journalOf(item.id)).map((e) => e.valueDelta)).toEqual(['0.00000000']);
  });

  it('credits cash to the one cash position, keeping its name and location', async () => {
    const customer = await signUp(t);
    const first = await added({
      userId: customer.userId,
      itemName: 'Wire from bank',
      itemType: 'cash',
      estimatedValue: '100.10',
      storageLocation: 'Elsewhere',
    });
    expect(first).toMatchObject({
      itemName: 'Cash',
      itemType: 'cash',
      assetSymbol: 'USD',
      storageLocation: 'Account',
      estimatedValue: '100.10000000',
    });
    const second = await added({
      userId: customer.userId,
      itemName: 'More',
      itemType: 'cash',
      estimatedValue: '0.20',
    });
    expect(second).toMatchObject({ id: first.id, estimatedValue: '100.30000000' });
    const rows = await t.ctx.db
      .select()
      .from(valuables)
      .where(eq(valuables.userId, customer.userId));
    expect(rows).toHaveLength(1);
    const journal = await journalOf(first.id);
    expect(journal.map((e) => [e.kind, e.valueDelta, e.actorId])).toEqual([
      ['admin_add', '100.10000000', checker.userId],
      ['admin_add', '0.20000000', checker.userId],
    ]);
    const summary = await api(t, 'GET', '/me/summary', undefined, customer.cookie);
    expect(summary.json().cashBalance).toBe('100.30');
  });

  it("keeps the name and description staff gave a cash credit in the customer's history", async () => {
    const customer = await signUp(t);
    const credited = await added({
      userId: customer.userId,
      itemName: 'Cash deposit',
      itemType: 'cash',
      estimatedValue: '250.00',
      description: 'Wire received 12 November, ref. 4471',
    });
    // The position stays the one "Cash"; the words travel with the movement.
    expect(credited).toMatchObject({ itemName: 'Cash', estimatedValue: '250.00000000' });
    const plain = await add({
      userId: customer.userId,
      itemName: ' ',
      itemType: 'cash',
      estimatedValue: '1.00',
    });
    expect(plain.statusCode).toBe(400);
    const history = await api(t, 'GET', '/me/history', undefined, customer.cookie);
    expect(
      history
        .json()
        .entries.map((e: { itemName: string; note: string | null; valueDelta: string }) => [
          e.itemName,
          e.note,
          e.valueDelta,
        ]),
    ).toEqual([['Cash deposit', 'Wire received 12 November, ref. 4471', '250.00']]);
    await edited(credited.id, {
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '200.00',
    });
    const after = await api(t, 'GET', '/me/history', undefined, customer.cookie);
    expect(after.json().entries[0]).toMatchObject({
      kind: 'admin_edit',
      itemName: 'Cash',
      note: null,
      valueDelta: '-50.00',
    });
  });

  it.each([['0'], ['-5.00'], [null]])('refuses a cash amount of %s', async (estimatedValue) => {
    const res = await add({
      userId: bob.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      { path: 'body.estimatedValue', message: 'vault:errors.cashAmountPositive' },
    ]);
  });

  it.each([['10.001'], ['0.005']])(
    'refuses cash with a fraction of a cent (%s): cash is whole cents',
    async (estimatedValue) => {
      const res = await add({
        userId: bob.userId,
        itemName: 'Cash',
        itemType: 'cash',
        estimatedValue,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toEqual([
        { path: 'body.estimatedValue', message: 'vault:errors.amountInvalid' },
      ]);
    },
  );

  it.each([
    [{ itemName: '' }, 'body.itemName', 'vault:errors.itemNameRequired'],
    [{ userId: 'not-a-user' }, 'body.userId', 'vault:errors.selectUser'],
    [{ itemType: 'yacht' }, 'body.itemType', 'vault:errors.itemTypeRequired'],
    [{ estimatedValue: '1.005' }, 'body.estimatedValue', 'vault:errors.amountInvalid'],
    [{ itemName: 'x'.repeat(201) }, 'body.itemName', 'vault:errors.tooLong'],
  ])('refuses %o with the shared message key', async (change, path, message) => {
    const res = await add({
      userId: bob.userId,
      itemName: 'Ring',
      itemType: 'jewelry',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({ path, message });
  });

  it('answers 404 for an unknown user and 400 for unknown fields', async () => {
    const unknown = await add({
      userId: '00000000-0000-4000-8000-000000000000',
      itemName: 'Ring',
      itemType: 'jewelry',
    });
    expect(unknown.statusCode).toBe(404);
    const extra = await add({
      userId: bob.userId,
      itemName: 'Ring',
      itemType: 'jewelry',
      status: 'delivered',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('editing a valuable', () => {
  it('proposes the form with the value before and after, and changes nothing yet', async () => {
    const item = await newCustodyItem(alice, '100.00');
    const res = await edit(item.id, {
      itemName: 'Pearl necklace',
      itemType: 'jewelry',
      estimatedValue: '250.75',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'valuable_edit',
      status: 'pending',
      amount: '150.75000000',
      valueBefore: '100.00000000',
      valueAfter: '250.75000000',
    });
    expect(await valuableRow(item.id)).toMatchObject({
      itemName: 'Necklace',
      estimatedValue: '100.00000000',
    });
    expect(await journalOf(item.id)).toHaveLength(1);
  });

  it('takes the form on approval, journals the change of value and audits before and after', async () => {
    const item = await newCustodyItem(alice, '100.00');
    const { proposal, valuable } = await approved('PATCH', `/valuables/${item.id}`, {
      itemName: 'Pearl necklace',
      itemType: 'jewelry',
      estimatedValue: '250.75',
      description: 'Restrung',
      storageLocation: 'Zone B',
    });
    expect(valuable).toMatchObject({
      itemName: 'Pearl necklace',
      estimatedValue: '250.75000000',
      description: 'Restrung',
      storageLocation: 'Zone B',
    });
    const journal = await journalOf(item.id);
    expect(journal.map((e) => [e.kind, e.valueDelta, e.actorId])).toEqual([
      ['admin_add', '100.00000000', checker.userId],
      ['admin_edit', '150.75000000', checker.userId],
    ]);
    const [audit] = await audited('admin.valuable_edited', alice.userId);
    expect(audit).toMatchObject({ actorId: checker.userId });
    expect(audit?.details).toMatchObject({
      proposalId: proposal.id,
      makerId: staff.userId,
      valuableId: item.id,
      before: { itemName: 'Necklace', estimatedValue: '100.00000000' },
      after: { itemName: 'Pearl necklace', estimatedValue: '250.75000000' },
    });

    const cleared = await edited(item.id, { itemName: 'Pearl necklace', itemType: 'jewelry' });
    expect(cleared).toMatchObject({ estimatedValue: null, description: null });
    expect((await journalOf(item.id)).at(-1)?.valueDelta).toBe('-250.75000000');
  });

  it('keeps one change of a valuable waiting at a time', async () => {
    const item = await newCustodyItem(alice, '100.00');
    const first = await edit(item.id, {
      itemName: 'Necklace',
      itemType: 'jewelry',
      estimatedValue: '1',
    });
    expect(first.statusCode).toBe(202);
    const second = await remove(item.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('CONFLICT');
    const res = await approveProposal(t, checker, first.json<Proposal>().id);
    expect(res.statusCode).toBe(200);
    expect(await valuableRow(item.id)).toMatchObject({ estimatedValue: '1.00000000' });
  });

  it('sets the cash position to a new balance, never below zero, and keeps it cash', async () => {
    const customer = await signUp(t);
    const cash = await added({
      userId: customer.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '80',
    });
    const set = await edited(cash.id, {
      itemName: 'Renamed',
      itemType: 'cash',
      estimatedValue: '50.5',
      storageLocation: 'Somewhere',
    });
    expect(set).toMatchObject({
      itemName: 'Cash',
      storageLocation: 'Account',
      estimatedValue: '50.50000000',
    });
    expect((await journalOf(cash.id)).at(-1)).toMatchObject({
      kind: 'admin_edit',
      valueDelta: '-29.50000000',
      actorId: checker.userId,
    });

    const negative = await edit(cash.id, {
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '-1',
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error.code).toBe('INSUFFICIENT_CASH');
    const retyped = await edit(cash.id, {
      itemName: 'Cash',
      itemType: 'jewelry',
      estimatedValue: '1',
    });
    expect(retyped.json().error.issues).toEqual([
      { path: 'body.itemType', message: 'vault:errors.cashTypeFixed' },
    ]);
    const empty = await edit(cash.id, { itemName: 'Cash', itemType: 'cash' });
    expect(empty.json().error.issues).toEqual([
      { path: 'body.estimatedValue', message: 'vault:errors.cashAmountRequired' },
    ]);
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, cash.id));
    expect(row?.estimatedValue).toBe('50.50000000');
    const pending = await t.ctx.db
      .select()
      .from(staffProposals)
      .where(and(eq(staffProposals.targetId, cash.id), eq(staffProposals.status, 'pending')));
    expect(pending).toEqual([]);
  });

  it('does not turn an item into cash', async () => {
    const item = await newCustodyItem(alice);
    const res = await edit(item.id, {
      itemName: 'Necklace',
      itemType: 'cash',
      estimatedValue: '1',
    });
    expect(res.json().error.issues).toEqual([
      { path: 'body.itemType', message: 'vault:errors.cashTypeFixed' },
    ]);
  });

  it('refuses to edit a traded position (its value follows its quantity)', async () => {
    const id = await tradedPosition(alice, 'AU');
    const res = await edit(id, {
      itemName: 'Gold',
      itemType: 'precious_metals',
      estimatedValue: '1000000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('UNPROCESSABLE');
    const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
    expect(row).toMatchObject({ quantity: '1500.50000000', estimatedValue: '85.52850000' });
  });

  it('refuses valuables fixed for a term or in delivery, and unknown ids', async () => {
    const seeded = await signUp(t);
    const [locked, inDelivery] = await seedValuables(t, seeded.userId, [
      { status: 'locked', estimatedValue: null },
      { status: 'in_delivery', estimatedValue: null },
    ]);
    for (const id of [locked, inDelivery] as string[]) {
      const patched = await edit(id, { itemName: 'X', itemType: 'jewelry' });
      expect(patched.json().error.code).toBe('ASSET_UNAVAILABLE');
      expect((await remove(id)).json().error.code).toBe('ASSET_UNAVAILABLE');
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await edit(unknown, { itemName: 'X', itemType: 'jewelry' })).statusCode).toBe(404);
    expect((await remove(unknown)).statusCode).toBe(404);
    expect((await remove('nope')).statusCode).toBe(400);
  });
});

describe('deleting a valuable', () => {
  it('proposes taking it out, and it stays until another staff member approves', async () => {
    const item = await newCustodyItem(alice, '55');
    const res = await remove(item.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'valuable_delete',
      amount: '-55.00000000',
      valueBefore: '55.00000000',
    });
    expect(await valuableRow(item.id)).toMatchObject({ status: 'active' });
    expect(await journalOf(item.id)).toHaveLength(1);
  });

  it('removes it on approval and journals its whole value out', async () => {
    const item = await newCustodyItem(alice, '-12.34');
    const { proposal, valuable } = await removed(item.id);
    expect(valuable).toBeUndefined();
    expect((await journalOf(item.id)).map((e) => [e.kind, e.valueDelta])).toEqual([
      ['admin_add', '-12.34000000'],
      ['admin_delete', '12.34000000'],
    ]);
    const [audit] = await audited('admin.valuable_deleted', alice.userId);
    expect(audit).toMatchObject({
      actorId: checker.userId,
      details: { valuableId: item.id, proposalId: proposal.id, makerId: staff.userId },
    });
    expect((await remove(item.id)).statusCode).toBe(404);
  });

  it('takes out a traded position with its quantity', async () => {
    const id = await tradedPosition(alice, 'PT', '3', '0.17100000');
    await removed(id);
    expect((await journalOf(id)).at(-1)).toMatchObject({
      kind: 'admin_delete',
      quantityDelta: '-3.00000000',
      valueDelta: '-0.17100000',
      assetSymbol: 'PT',
      actorId: checker.userId,
    });
  });

  it('debits the cash position to zero before it goes', async () => {
    const customer = await signUp(t);
    const cash = await added({
      userId: customer.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '7.07',
    });
    expect((await removed(cash.id)).valuable).toBeUndefined();
    expect((await journalOf(cash.id)).at(-1)).toMatchObject({
      kind: 'admin_delete',
      valueDelta: '-7.07000000',
    });
    const summary = await api(t, 'GET', '/me/summary', undefined, customer.cookie);
    expect(summary.json()).toMatchObject({
      cashBalance: '0.00',
      totalNetWorth: '0.00000000',
    });
  });
});

describe('book balance', () => {
  const setBalance = (userId: string, bookBalance: unknown) =>
    asStaff('PUT', `/users/${userId}/book-balance`, { bookBalance });

  it('stores exactly what staff typed as pending approval, audits it, and the customer sees it', async () => {
    const customer = await signUp(t);
    const res = await setBalance(customer.userId, '1234.5');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'book_balance',
      status: 'pending',
      customer: { id: customer.userId },
      maker: { id: staff.userId },
      amount: '1234.50000000',
    });
    // Recorded again, it replaces the pending one: that proposal is withdrawn.
    const again = await setBalance(customer.userId, '-0.07');
    expect(again.json()).toMatchObject({ kind: 'book_balance', amount: '-0.07000000' });
    const proposals = await t.ctx.db
      .select({ id: staffProposals.id, status: staffProposals.status })
      .from(staffProposals)
      .where(eq(staffProposals.subjectUserId, customer.userId));
    expect(proposals).toHaveLength(2);
    expect(proposals.find((p) => p.id === res.json<Proposal>().id)?.status).toBe('withdrawn');
    expect(proposals.find((p) => p.id === again.json<Proposal>().id)?.status).toBe('pending');
    const profile = await api(t, 'GET', '/me/profile', undefined, customer.cookie);
    expect(profile.json().bookBalance).toBe('-0.07');
    const summary = await api(t, 'GET', '/me/summary', undefined, customer.cookie);
    // Pending, not yet cash: nothing moved and nothing was journaled.
    expect(summary.json()).toMatchObject({ bookBalance: '-0.07', cashBalance: '0.00' });
    expect(
      await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer.userId)),
    ).toEqual([]);
    // Staff see who recorded it, for another staff member to decide it.
    const listed = (await asStaff('GET', '/users'))
      .json<{ userId: string }[]>()
      .find((u) => u.userId === customer.userId);
    expect(listed).toMatchObject({
      bookBalance: '-0.07',
      bookBalanceRecordedBy: { id: staff.userId, email: staff.email },
      bookBalanceRecordedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const audits = await audited('admin.book_balance_set', customer.userId);
    expect(audits.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { from: '0.00', to: '1234.50' },
        { from: '1234.50', to: '-0.07' },
      ]),
    );
    expect(audits.every((a) => a.actorId === staff.userId)).toBe(true);
    // 0 clears it: nothing pending, nobody named, no proposal left waiting.
    const zero = await setBalance(customer.userId, '0');
    expect(zero.statusCode).toBe(202);
    expect(zero.json()).toBeNull();
    const [last] = await t.ctx.db
      .select({ status: staffProposals.status })
      .from(staffProposals)
      .where(eq(staffProposals.id, again.json<Proposal>().id));
    expect(last?.status).toBe('withdrawn');
    const cleared = (await asStaff('GET', '/users'))
      .json<{ userId: string }[]>()
      .find((u) => u.userId === customer.userId);
    expect(cleared).toMatchObject({
      bookBalance: '0.00',
      bookBalanceRecordedBy: null,
      bookBalanceRecordedAt: null,
    });
  });

  it('refuses amounts with more than 2 decimals or not numbers', async () => {
    for (const bookBalance of ['1.234', 'abc', '', 12]) {
      const res = await setBalance(bob.userId, bookBalance);
      expect(res.statusCode, String(bookBalance)).toBe(400);
      expect(res.json().error.issues).toContainEqual({
        path: 'body.bookBalance',
        message: 'vault:errors.amountInvalid',
      });
    }
  });

  it('answers 404 "No profile found" for a user without a profile, "No such user." for none', async () => {
    const [bare] = await t.ctx.db
      .insert(users)
      .values({ email: `bare-${Date.now()}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id });
    const res = await setBalance(bare?.id ?? '', '10');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'No profile found' });
    const unknown = await setBalance('00000000-0000-4000-8000-000000000000', '10');
    // An account that does not exist is refused before its profile is looked for.
    expect(unknown.json().error).toEqual({ code: 'NOT_FOUND', message: 'No such user.' });
  });
});

describe('staff lists', () => {
  it('lists users newest first with account number and book balance', async () => {
    const newest = await signUp(t);
    const res = await asStaff('GET', '/users');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ userId: string; createdAt: string }[]>();
    expect(list[0]).toMatchObject({
      userId: newest.userId,
      email: newest.email,
      bookBalance: '0.00',
    });
    expect(list.find((u) => u.userId === alice.userId)).toMatchObject({
      accountNumber: expect.stringMatching(/^\d{10}$/),
    });
    const times = list.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Staff accounts are not customers: not listed, so no "Sign in as User" that must fail.
    expect(list.map((u) => u.userId)).not.toContain(staff.userId);
  });

  it("lists every customer's valuables with the owner's email, newest stored first", async () => {
    const seeded = await signUp(t);
    const [delivered] = await seedValuables(t, seeded.userId, [{ status: 'delivered' }]);
    const res = await asStaff('GET', '/valuables');
    expect(res.statusCode).toBe(200);
    const list = res.json<
      {
        id: string;
        userId: string;
        userEmail: string;
        dateStored: string;
      }[]
    >();
    expect(list.some((v) => v.userId === alice.userId && v.userEmail === alice.email)).toBe(true);
    expect(list.some((v) => v.userId === bob.userId && v.userEmail === bob.email)).toBe(true);
    expect(list.map((v) => v.id)).not.toContain(delivered);
    const times = list.map((v) => v.dateStored);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('all or nothing', () => {
  it('writes nothing when the audit row fails at the end of a proposal or a decision', async () => {
    const victim = await signUp(t);
    const item = await newCustodyItem(victim, '40.00');
    const cash = await added({
      userId: victim.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '9',
    });
    const [edited2, removed3] = [
      await newCustodyItem(victim, '3'),
      await newCustodyItem(victim, '4'),
    ];
    // Proposals waiting for a decision that will fail with them.
    const waiting = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const answer = await res;
      expect(answer.statusCode).toBe(202);
      return (answer.json() as Proposal).id;
    };
    const pending = {
      add: await waiting(
        add({
          userId: victim.userId,
          itemName: 'Coin',
          itemType: 'collectibles',
          estimatedValue: '2',
        }),
      ),
      edit: await waiting(edit(edited2.id, { itemName: 'Other', itemType: 'jewelry' })),
      remove: await waiting(remove(removed3.id)),
      book: await waiting(
        asStaff('PUT', `/users/${victim.userId}/book-balance`, { bookBalance: '12' }),
      ),
    };
    const snapshot = async () => ({
      valuables: await t.ctx.db
        .select()
        .from(valuables)
        .where(eq(valuables.userId, victim.userId))
        .orderBy(valuables.id),
      journal: await t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, victim.userId))
        .orderBy(ledgerEntries.id),
      audit: await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectUserId, victim.userId))
        .orderBy(auditLog.id),
      profile: await t.ctx.db.select().from(profiles).where(eq(profiles.userId, victim.userId)),
      proposals: await t.ctx.db
        .select()
        .from(staffProposals)
        .where(eq(staffProposals.subjectUserId, victim.userId))
        .orderBy(staffProposals.id),
    });
    const before = await snapshot();

    const subject = sql.raw(`'${victim.userId.replace(/[^0-9a-f-]/g, '')}'`);
    await t.ctx.db.execute(sql`
      create function fail_audit_for_test() returns trigger language plpgsql as $$
      begin
        if new.subject_user_id = ${subject} then raise exception 'forced audit failure'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`
      create trigger fail_audit_for_test before insert on audit_log
      for each row execute function fail_audit_for_test()`);
    try {
      const attempts = [
        add({
          userId: victim.userId,
          itemName: 'Bar',
          itemType: 'precious_metals',
          estimatedValue: '5',
        }),
        add({ userId: victim.userId, itemName: 'Cash', itemType: 'cash', estimatedValue: '5' }),
        edit(item.id, { itemName: 'Changed', itemType: 'artwork', estimatedValue: '1' }),
        edit(cash.id, { itemName: 'Cash', itemType: 'cash', estimatedValue: '1' }),
        remove(item.id),
        remove(cash.id),
        asStaff('PUT', `/users/${victim.userId}/book-balance`, { bookBalance: '77' }),
        approveProposal(t, checker, pending.add),
        approveProposal(t, checker, pending.edit),
        approveProposal(t, checker, pending.remove),
        approveProposal(t, checker, pending.book),
        keyedApi(
          t,
          'POST',
          `/admin/proposals/${pending.edit}/reject`,
          { reason: 'No' },
          checker.cookie,
        ),
        asStaff('POST', `/proposals/${pending.remove}/withdraw`),
      ];
      for (const [index, attempt] of attempts.entries()) {
        const res = await attempt;
        expect(res.statusCode, `attempt ${index}: ${res.body}`).toBe(500);
      }
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_audit_for_test on audit_log`);
      await t.ctx.db.execute(sql`drop function fail_audit_for_test()`);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the journal', () => {
  it('matches every holding of the users these tests touched', async () => {
    expect(await journalMismatches(t, [alice.userId, bob.userId])).toEqual([]);
  });
});
