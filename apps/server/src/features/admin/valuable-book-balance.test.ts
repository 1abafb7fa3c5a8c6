// A book balance proposed with a valuable (SPEC §5 "Admin add/edit valuable", DESIGN §4 "Dual
// control"): the add or edit form may carry one for the customer, and the server proposes it
// beside the valuable in the same transaction, both or neither. Each proposal is then approved
// or rejected on its own; a bad amount, or a customer staff may not act on, writes nothing.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog, profiles, users } from '../../db/schema.ts';
import { idempotencyKeys, valuables } from '../../db/vault-schema.ts';
import { approveProposal, rejectProposal } from '../../test/approvals.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { valuablesOf } from '../../test/trading.ts';
import { type AnyMethod, keyedApi, seedValuables } from '../../test/vault.ts';

let t: TestApp;
/** Proposes each change. */
let maker: Customer;
/** Decides it. */
let checker: Customer;
beforeAll(async () => {
  t = await createTestApp();
  maker = await createStaffMember(t);
  checker = await createStaffMember(t);
});
afterAll(() => t.close());

const asMaker = (method: AnyMethod, url: string, body: unknown, key?: string) =>
  keyedApi(t, method, `/admin${url}`, body, maker.cookie, key);
const add = (body: Record<string, unknown>, key?: string) =>
  asMaker('POST', '/valuables', body, key);
const edit = (id: string, body: Record<string, unknown>) =>
  asMaker('PATCH', `/valuables/${id}`, body);

const necklace = (userId: string, bookBalance: unknown) => ({
  userId,
  itemName: 'Necklace',
  itemType: 'jewelry',
  estimatedValue: '100.00',
  bookBalance,
});

/** The customer's proposals, oldest first, as the table keeps them. */
async function proposalsOf(userId: string) {
  return t.ctx.db
    .select({
      id: staffProposals.id,
      kind: staffProposals.kind,
      status: staffProposals.status,
      makerId: staffProposals.makerId,
      amount: staffProposals.amount,
    })
    .from(staffProposals)
    .where(eq(staffProposals.subjectUserId, userId))
    .orderBy(staffProposals.createdAt);
}

async function pendingBookBalanceOf(userId: string) {
  const [row] = await t.ctx.db
    .select({ bookBalance: profiles.bookBalance, recordedBy: profiles.bookBalanceRecordedBy })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  // Stored as NUMERIC: a new profile's 0 reads "0", an amount as it was typed.
  return row && { ...row, bookBalance: Number(row.bookBalance).toFixed(2) };
}

async function cashOf(userId: string): Promise<string | null> {
  const cash = (await valuablesOf(t, userId)).find((row) => row.assetSymbol === 'USD');
  return cash ? Number(cash.estimatedValue).toFixed(2) : null;
}

/** The staff panel's audit rows about the account (its own sign-in rows aside). */
async function staffAuditOf(userId: string) {
  return t.ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), like(auditLog.action, 'admin.%')));
}

/** What a refused request must have left: no proposal, no pending amount, no audit row. */
async function expectNothingWrittenFor(userId: string) {
  expect(await proposalsOf(userId)).toEqual([]);
  expect(await pendingBookBalanceOf(userId)).toEqual({ bookBalance: '0.00', recordedBy: null });
  expect(await staffAuditOf(userId)).toEqual([]);
  expect(await valuablesOf(t, userId)).toEqual([]);
}

describe('a valuable with a book balance', () => {
  it('proposes both for the customer in one answer, and moves nothing', async () => {
    const customer = await createCustomer(t);
    const res = await add(necklace(customer.userId, '2500.50'));
    expect(res.statusCode, res.body).toBe(202);
    // The answer is the valuable's proposal, as without a book balance.
    expect(res.json()).toMatchObject({
      kind: 'valuable_add',
      status: 'pending',
      customer: { id: customer.userId },
      maker: { id: maker.userId },
    });
    expect(await proposalsOf(customer.userId)).toEqual([
      expect.objectContaining({ kind: 'valuable_add', status: 'pending', makerId: maker.userId }),
      expect.objectContaining({
        kind: 'book_balance',
        status: 'pending',
        makerId: maker.userId,
        amount: '2500.50000000',
      }),
    ]);
    // Pending as the Book Balance tab records it, audited the same way.
    expect(await pendingBookBalanceOf(customer.userId)).toEqual({
      bookBalance: '2500.50',
      recordedBy: maker.userId,
    });
    const audits = await t.ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectUserId, customer.userId),
          eq(auditLog.action, 'admin.book_balance_set'),
        ),
      );
    expect(audits).toEqual([{ details: { from: '0.00', to: '2500.50' } }]);
    expect(await valuablesOf(t, customer.userId)).toEqual([]);
    expect(await cashOf(customer.userId)).toBeNull();
  });

  it('approving the book balance credits it to cash, and the valuable waits for its own decision', async () => {
    const customer = await createCustomer(t);
    expect((await add(necklace(customer.userId, '75.25'))).statusCode).toBe(202);
    const [valuable, bookBalance] = await proposalsOf(customer.userId);

    const approval = await approveProposal(t, checker, bookBalance!.id);
    expect(approval.statusCode, approval.body).toBe(200);
    expect(approval.json()).toMatchObject({ kind: 'book_balance', status: 'approved' });
    expect(await cashOf(customer.userId)).toBe('75.25');
    expect(await pendingBookBalanceOf(customer.userId)).toEqual({
      bookBalance: '0.00',
      recordedBy: null,
    });
    // The valuable is not in the vault until its proposal is approved too.
    expect((await valuablesOf(t, customer.userId)).map((row) => row.itemName)).toEqual(['Cash']);
    const rejected = await rejectProposal(t, checker, valuable!.id, 'No receipt');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await valuablesOf(t, customer.userId)).map((row) => row.itemName)).toEqual(['Cash']);
    expect(await cashOf(customer.userId)).toBe('75.25');
  });

  it('rejecting the book balance leaves the valuable to be approved', async () => {
    const customer = await createCustomer(t);
    expect((await add(necklace(customer.userId, '10'))).statusCode).toBe(202);
    const [valuable, bookBalance] = await proposalsOf(customer.userId);
    expect((await rejectProposal(t, checker, bookBalance!.id)).statusCode).toBe(200);
    expect((await approveProposal(t, checker, valuable!.id)).statusCode).toBe(200);
    expect((await valuablesOf(t, customer.userId)).map((row) => row.itemName)).toEqual([
      'Necklace',
    ]);
    expect(await cashOf(customer.userId)).toBeNull();
  });

  it("proposes an edit's book balance for the valuable's owner", async () => {
    const customer = await createCustomer(t);
    const [id] = await seedValuables(t, customer.userId, [
      { itemName: 'Painting', itemType: 'artwork', estimatedValue: '900' },
    ]);
    const res = await edit(id!, {
      itemName: 'Painting',
      itemType: 'artwork',
      estimatedValue: '950',
      bookBalance: '40',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await proposalsOf(customer.userId)).map((p) => [p.kind, p.amount])).toEqual([
      ['valuable_edit', '50.00000000'],
      ['book_balance', '40.00000000'],
    ]);
  });

  it('proposes no book balance when there is none (null or left out)', async () => {
    const customer = await createCustomer(t);
    expect((await add(necklace(customer.userId, null))).statusCode).toBe(202);
    const { bookBalance: _none, ...withoutField } = necklace(customer.userId, null);
    expect((await add({ ...withoutField, itemName: 'Ring' })).statusCode).toBe(202);
    expect((await proposalsOf(customer.userId)).map((p) => p.kind)).toEqual([
      'valuable_add',
      'valuable_add',
    ]);
    expect(await pendingBookBalanceOf(customer.userId)).toEqual({
      bookBalance: '0.00',
      recordedBy: null,
    });
  });

  it('replaces a book balance already waiting, as the Book Balance tab does', async () => {
    const customer = await createCustomer(t);
    const tab = await asMaker('PUT', `/users/${customer.userId}/book-balance`, {
      bookBalance: '5',
    });
    expect(tab.statusCode).toBe(202);
    expect((await add(necklace(customer.userId, '6'))).statusCode).toBe(202);
    expect((await proposalsOf(customer.userId)).map((p) => [p.kind, p.status])).toEqual([
      ['book_balance', 'withdrawn'],
      ['valuable_add', 'pending'],
      ['book_balance', 'pending'],
    ]);
    expect(await pendingBookBalanceOf(customer.userId)).toMatchObject({ bookBalance: '6.00' });
  });
});

describe('a bad book balance', () => {
  it.each([
    ['negative', '-5'],
    ['more than 2 decimals', '10.125'],
    ['text', 'ten dollars'],
    ['zero', '0.00'],
    ['empty', ''],
    ['a number, not a decimal string', 12],
  ])(
    'is refused on its field when %s, and nothing is written, the valuable neither',
    async (_, bookBalance) => {
      const customer = await createCustomer(t);
      const key = randomUUID();
      const res = await add(necklace(customer.userId, bookBalance), key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION',
        message: 'The request is not valid.',
        issues: [
          { path: 'body.bookBalance', message: 'admin:valuables.errors.bookBalanceInvalid' },
        ],
      });
      await expectNothingWrittenFor(customer.userId);
      // The key was not kept: the corrected form with it runs.
      expect(
        await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
      ).toEqual([]);
      expect((await add(necklace(customer.userId, '1.50'), key)).statusCode).toBe(202);
      expect(await proposalsOf(customer.userId)).toHaveLength(2);
    },
  );

  it("is refused on an edit too, leaving the valuable's edit unproposed", async () => {
    const customer = await createCustomer(t);
    const [id] = await seedValuables(t, customer.userId, [
      { itemName: 'Painting', itemType: 'artwork', estimatedValue: '900' },
    ]);
    const res = await edit(id!, { itemName: 'Painting', itemType: 'artwork', bookBalance: '-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      { path: 'body.bookBalance', message: 'admin:valuables.errors.bookBalanceInvalid' },
    ]);
    expect(await proposalsOf(customer.userId)).toEqual([]);
  });

  it('rolls back the valuable when the book balance fails after it (no profile)', async () => {
    const [bare] = await t.ctx.db
      .insert(users)
      .values({ email: `bare-${randomUUID()}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id });
    const res = await add(necklace(bare!.id, '10'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'No profile found' });
    expect(await proposalsOf(bare!.id)).toEqual([]);
    expect(await staffAuditOf(bare!.id)).toEqual([]);
  });
});

describe('who staff may propose a book balance for', () => {
  it('refuses their own account and another staff account, writing nothing', async () => {
    const own = await add(necklace(maker.userId, '100'));
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_ACCOUNT');
    await expectNothingWrittenFor(maker.userId);

    const other = await add(necklace(checker.userId, '100'));
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('STAFF_ACCOUNT');
    await expectNothingWrittenFor(checker.userId);
  });

  it("refuses an edit of a staff member's valuable with a book balance, writing nothing", async () => {
    const colleague = await createStaffMember(t);
    const [id] = await seedValuables(t, colleague.userId, [
      { itemName: 'Watch', itemType: 'jewelry', estimatedValue: '300' },
    ]);
    const res = await edit(id!, { itemName: 'Watch', itemType: 'jewelry', bookBalance: '50' });
    expect(res.json().error.code).toBe('STAFF_ACCOUNT');
    expect(await proposalsOf(colleague.userId)).toEqual([]);
    expect(await pendingBookBalanceOf(colleague.userId)).toMatchObject({ recordedBy: null });
    const [still] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id!));
    expect(still).toMatchObject({ itemName: 'Watch', estimatedValue: '300.00000000' });
  });
});

describe('the Idempotency-Key', () => {
  it('makes both proposals once: the repeat answers the first and proposes nothing more', async () => {
    const customer = await createCustomer(t);
    const key = randomUUID();
    const first = await add(necklace(customer.userId, '20'), key);
    const again = await add(necklace(customer.userId, '20'), key);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json<Proposal>().id).toBe(first.json<Proposal>().id);
    expect((await proposalsOf(customer.userId)).map((p) => p.kind)).toEqual([
      'valuable_add',
      'book_balance',
    ]);
  });

  it('is refused with another book balance under the same key, and nothing changes', async () => {
    const customer = await createCustomer(t);
    const key = randomUUID();
    expect((await add(necklace(customer.userId, '20'), key)).statusCode).toBe(202);
    const other = await add(necklace(customer.userId, '21'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await proposalsOf(customer.userId)).toHaveLength(2);
    expect(await pendingBookBalanceOf(customer.userId)).toMatchObject({ bookBalance: '20.00' });
  });
});
