// Four eyes on a book balance (DESIGN §5, issue 15; DESIGN §4 "Dual control"): one staff member
// records an amount, it is "Pending approval" as a proposal, and only another staff member can
// approve it (credited to cash once, in one journaled movement) or reject it (cleared, nothing
// moves). Every step is audited (admin.proposal_*, and admin.book_balance_approved with the
// credit); a double approval, even at once from two staff members, credits once.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog, profiles } from '../../db/schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { sessionCookieName } from '../../auth/sessions.ts';
import { randomIp } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember } from '../../test/money-movements.ts';
import { createTestApp, dbKind, jsonHeaders, type TestApp } from '../../test/test-app.ts';
import { valuablesOf } from '../../test/trading.ts';

let t: TestApp;
let recorder: Customer;
let approver: Customer;
beforeAll(async () => {
  t = await createTestApp();
  recorder = await createStaffMember(t);
  approver = await createStaffMember(t);
});
afterAll(() => t.close());

/** A staff call as the admin panel makes it: JSON, CSRF header, session and a fresh key. */
function asStaff(
  staff: Customer,
  method: 'PUT' | 'POST',
  url: string,
  body: unknown,
  key: string = randomUUID(),
) {
  return t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: {
      ...(body === undefined ? { 'x-requested-with': 'secure-vault' } : jsonHeaders),
      cookie: `${sessionCookieName}=${staff.cookie}`,
      'idempotency-key': key,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    remoteAddress: randomIp(),
  });
}

const record = (staff: Customer, userId: string, bookBalance: string) =>
  asStaff(staff, 'PUT', `/users/${userId}/book-balance`, { bookBalance });
/** Records a book balance and returns its proposal (202). */
async function recorded(staff: Customer, userId: string, bookBalance: string): Promise<Proposal> {
  const res = await record(staff, userId, bookBalance);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<Proposal>();
}
const approve = (staff: Customer, proposalId: string, key?: string) =>
  asStaff(staff, 'POST', `/proposals/${proposalId}/approve`, undefined, key);
const reject = (staff: Customer, proposalId: string, reason = 'No statement from the bank') =>
  asStaff(staff, 'POST', `/proposals/${proposalId}/reject`, { reason });

async function pendingOf(userId: string) {
  const [row] = await t.ctx.db
    .select({
      bookBalance: profiles.bookBalance,
      recordedBy: profiles.bookBalanceRecordedBy,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

async function cashOf(userId: string): Promise<string | null> {
  const cash = (await valuablesOf(t, userId)).find((row) => row.assetSymbol === 'USD');
  return cash ? Number(cash.estimatedValue).toFixed(2) : null;
}

async function journalOf(userId: string) {
  return t.ctx.db
    .select({ kind: ledgerEntries.kind, valueDelta: ledgerEntries.valueDelta })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'book_balance')));
}

async function auditOf(userId: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
}

async function statusOf(proposalId: string) {
  const [row] = await t.ctx.db
    .select({ status: staffProposals.status })
    .from(staffProposals)
    .where(eq(staffProposals.id, proposalId));
  return row?.status;
}

const codeOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string } }).error.code;

describe('recording a book balance', () => {
  it('keeps it pending with its recorder as a proposal, shows the recorder to staff, and moves nothing', async () => {
    const customer = await createCustomer(t);
    const res = await record(recorder, customer.userId, '500.25');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'book_balance',
      status: 'pending',
      customer: { id: customer.userId },
      maker: { id: recorder.userId },
      checker: null,
      amount: '500.25000000',
      canDecide: false,
      canWithdraw: true,
    });
    expect(await pendingOf(customer.userId)).toEqual({
      bookBalance: '500.25',
      recordedBy: recorder.userId,
    });
    expect(await cashOf(customer.userId)).toBeNull();

    const users = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { cookie: `${sessionCookieName}=${approver.cookie}` },
    });
    const rows: { userId: string }[] = users.json();
    const row = rows.find((u) => u.userId === customer.userId);
    expect(row).toMatchObject({
      bookBalance: '500.25',
      bookBalanceRecordedBy: { id: recorder.userId, email: recorder.email },
    });
    // The approver sees it in the queue, theirs to decide.
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/proposals',
      headers: { cookie: `${sessionCookieName}=${approver.cookie}` },
    });
    const waiting = queue
      .json<{ items: Proposal[] }>()
      .items.find((p) => p.id === res.json<Proposal>().id);
    expect(waiting).toMatchObject({ kind: 'book_balance', canDecide: true, canWithdraw: false });
    expect((await auditOf(customer.userId, 'admin.book_balance_set')).length).toBe(1);
    expect((await auditOf(customer.userId, 'admin.proposal_created')).length).toBe(1);
  });

  it('recording 0 clears what was pending and its recorder, and withdraws its proposal', async () => {
    const customer = await createCustomer(t);
    const pending = await recorded(recorder, customer.userId, '40');
    const zero = await record(approver, customer.userId, '0');
    expect(zero.statusCode).toBe(202);
    expect(zero.json()).toBeNull();
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0.00', recordedBy: null });
    expect(await statusOf(pending.id)).toBe('withdrawn');
    expect((await approve(approver, pending.id)).statusCode).toBe(409);
    expect(await cashOf(customer.userId)).toBeNull();
  });

  it('is refused without an Idempotency-Key, and changes nothing', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${customer.userId}/book-balance`,
      headers: { ...jsonHeaders, cookie: `${sessionCookieName}=${recorder.cookie}` },
      body: JSON.stringify({ bookBalance: '10' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    expect((await pendingOf(customer.userId))?.bookBalance).toBe('0');
  });

  it('is refused on your own account and on another staff account, recording nothing', async () => {
    const own = await record(recorder, recorder.userId, '1000');
    expect(own.statusCode).toBe(403);
    expect(codeOf(own)).toBe('OWN_ACCOUNT');
    const staffAccount = await record(recorder, approver.userId, '1000');
    expect(staffAccount.statusCode).toBe(403);
    expect(codeOf(staffAccount)).toBe('STAFF_ACCOUNT');
    for (const staff of [recorder, approver]) {
      expect(await pendingOf(staff.userId)).toEqual({ bookBalance: '0', recordedBy: null });
      expect(await cashOf(staff.userId)).toBeNull();
    }
  });
});

describe('approving a book balance', () => {
  it('by another staff member credits it to cash once, journaled, and clears it', async () => {
    const customer = await createCustomer(t);
    const pending = await recorded(recorder, customer.userId, '500.25');
    const res = await approve(approver, pending.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: pending.id,
      kind: 'book_balance',
      status: 'approved',
      amount: '500.25000000',
      maker: { id: recorder.userId },
      checker: { id: approver.userId },
    });
    expect(await cashOf(customer.userId)).toBe('500.25');
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0', recordedBy: null });
    const journal = await journalOf(customer.userId);
    expect(journal.map((row) => Number(row.valueDelta))).toEqual([500.25]);
    const [audit] = await auditOf(customer.userId, 'admin.book_balance_approved');
    expect(audit).toMatchObject({
      actorId: approver.userId,
      details: { amount: '500.25', recordedBy: recorder.userId, proposalId: pending.id },
    });
    const [decision] = await auditOf(customer.userId, 'admin.proposal_approved');
    expect(decision).toMatchObject({
      actorId: approver.userId,
      details: { proposalId: pending.id, kind: 'book_balance', makerId: recorder.userId },
    });
  });

  it('adds to cash the customer already has', async () => {
    const customer = await createCustomer(t);
    await approve(approver, (await recorded(recorder, customer.userId, '100')).id);
    const second = await recorded(approver, customer.userId, '0.10');
    const res = await approve(recorder, second.id);
    expect(res.statusCode).toBe(200);
    expect(await cashOf(customer.userId)).toBe('100.10');
  });

  it('is refused to the staff member who recorded it, and nothing moves', async () => {
    const customer = await createCustomer(t);
    const pending = await recorded(recorder, customer.userId, '900');
    for (const res of [await approve(recorder, pending.id), await reject(recorder, pending.id)]) {
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('SAME_STAFF');
    }
    expect(await cashOf(customer.userId)).toBeNull();
    expect(await pendingOf(customer.userId)).toEqual({
      bookBalance: '900.00',
      recordedBy: recorder.userId,
    });
    expect(await statusOf(pending.id)).toBe('pending');
  });

  it('is refused for an amount recorded again meanwhile: the new one replaces it', async () => {
    const customer = await createCustomer(t);
    const first = await recorded(recorder, customer.userId, '50');
    const second = await recorded(recorder, customer.userId, '5000');
    const res = await approve(approver, first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('withdrawn');
    expect(await cashOf(customer.userId)).toBeNull();
    expect((await approve(approver, second.id)).statusCode).toBe(200);
    expect(await cashOf(customer.userId)).toBe('5000.00');
  });

  it('is refused for a proposal that does not exist, and recording for a customer that does not', async () => {
    expect((await approve(approver, randomUUID())).statusCode).toBe(404);
    expect((await record(recorder, randomUUID(), '1')).statusCode).toBe(404);
  });

  it('is refused to customers', async () => {
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const pending = await recorded(recorder, other.userId, '10');
    const res = await approve(customer, pending.id);
    expect(res.statusCode).toBe(403);
    expect(await cashOf(other.userId)).toBeNull();
    expect(await statusOf(pending.id)).toBe('pending');
  });

  it('a negative amount debits cash, and is refused when the cash does not cover it', async () => {
    const customer = await createCustomer(t);
    const debit = await recorded(recorder, customer.userId, '-20');
    const refused = await approve(approver, debit.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CASH' } });
    expect((await pendingOf(customer.userId))?.bookBalance).toBe('-20.00');
    expect(await statusOf(debit.id)).toBe('pending');
    await approve(approver, (await recorded(recorder, customer.userId, '30')).id);
    const covered = await recorded(recorder, customer.userId, '-20');
    expect((await approve(approver, covered.id)).statusCode).toBe(200);
    expect(await cashOf(customer.userId)).toBe('10.00');
  });

  it('repeated with its Idempotency-Key answers the same and credits once', async () => {
    const customer = await createCustomer(t);
    const pending = await recorded(recorder, customer.userId, '75');
    const key = randomUUID();
    const first = await approve(approver, pending.id, key);
    const again = await approve(approver, pending.id, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await cashOf(customer.userId)).toBe('75.00');
    expect((await journalOf(customer.userId)).length).toBe(1);
  });

  it('twice at once by two staff members credits once; the other finds it decided', async () => {
    const rounds = dbKind === 'postgres' ? 6 : 1;
    const third = await createStaffMember(t);
    for (let round = 0; round < rounds; round += 1) {
      const customer = await createCustomer(t);
      const pending = await recorded(recorder, customer.userId, '250');
      const answers = await Promise.all([
        approve(approver, pending.id),
        approve(third, pending.id),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await cashOf(customer.userId)).toBe('250.00');
      expect((await journalOf(customer.userId)).length).toBe(1);
      expect((await auditOf(customer.userId, 'admin.book_balance_approved')).length).toBe(1);
      expect((await auditOf(customer.userId, 'admin.proposal_approved')).length).toBe(1);
    }
  });
});

describe('rejecting a book balance', () => {
  it('by another staff member clears it, credits nothing, and is audited with the reason', async () => {
    const customer = await createCustomer(t);
    const pending = await recorded(recorder, customer.userId, '310');
    const res = await reject(approver, pending.id, 'No statement from the bank');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: pending.id,
      status: 'rejected',
      checker: { id: approver.userId },
      reason: 'No statement from the bank',
    });
    expect(await cashOf(customer.userId)).toBeNull();
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0', recordedBy: null });
    const [audit] = await auditOf(customer.userId, 'admin.proposal_rejected');
    expect(audit).toMatchObject({
      actorId: approver.userId,
      details: { proposalId: pending.id, reason: 'No statement from the bank' },
    });
    expect((await auditOf(customer.userId, 'admin.book_balance_approved')).length).toBe(0);
    expect((await approve(approver, pending.id)).statusCode).toBe(409);
    expect(await cashOf(customer.userId)).toBeNull();
  });

  it('withdrawn by its recorder clears it and credits nothing', async () => {
    const customer = await createCustomer(t);
    const pending = await recorded(recorder, customer.userId, '44');
    const res = await asStaff(recorder, 'POST', `/proposals/${pending.id}/withdraw`, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn', checker: null });
    expect(await pendingOf(customer.userId)).toEqual({ bookBalance: '0', recordedBy: null });
    expect((await approve(approver, pending.id)).statusCode).toBe(409);
    expect(await cashOf(customer.userId)).toBeNull();
    expect((await auditOf(customer.userId, 'admin.proposal_withdrawn')).length).toBe(1);
  });
});
