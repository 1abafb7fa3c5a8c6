// Dual control (DESIGN §4, issue 24) as the insider tried it: one staff member working alone
// minted cash, approved their own KYC and withdrew it (F1); took over another staff account
// through the Password Reset tab (F6); opened a deposit while signed in as a customer and then
// completed it as themselves (F3). Each sequence now fails with a clear refusal, and the
// proposal lifecycle works: a second staff member approves once, rejects with a reason, and the
// maker withdraws. The database refuses a maker approving their own proposal even without the
// route.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import { staffProposals } from '../../db/approvals-schema.ts';
import { auditLog } from '../../db/schema.ts';
import { call, sessionCookie } from '../../test/auth-helpers.ts';
import {
  approveProposal,
  checkerFor,
  rejectProposal,
  staffChange,
  withdrawProposal,
} from '../../test/approvals.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  cardDeposit,
  createStaffMember,
  settle,
  verifiedCustomer,
} from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { valuablesOf } from '../../test/trading.ts';
import { keyedApi } from '../../test/vault.ts';

let t: TestApp;
let maker: Customer;
let checker: Customer;
beforeAll(async () => {
  t = await createTestApp();
  maker = await createStaffMember(t);
  checker = await checkerFor(t, maker);
});
afterAll(() => t.close());

const errorCode = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string } }).error.code;

const addCash = (staff: Customer, userId: string, amount: string) =>
  keyedApi(
    t,
    'POST',
    '/admin/valuables',
    { userId, itemName: 'Cash', itemType: 'cash', estimatedValue: amount },
    staff.cookie,
  );

async function cashOf(userId: string): Promise<string> {
  const cash = (await valuablesOf(t, userId)).find((row) => row.assetSymbol === 'USD');
  return cash?.estimatedValue ?? '0';
}

describe('F1: one staff member cannot mint value', () => {
  it('refuses a valuable or cash on their own account, in their own name', async () => {
    const res = await addCash(maker, maker.userId, '750000');
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('OWN_ACCOUNT');
    expect(await cashOf(maker.userId)).toBe('0');
  });

  it('refuses staff approving their own KYC', async () => {
    const res = await call(
      t,
      'POST',
      `/admin/kyc/${maker.userId}/decision`,
      { decision: 'approve' },
      { cookie: maker.cookie },
    );
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('OWN_ACCOUNT');
  });

  it('puts cash on a customer only when another staff member approves it', async () => {
    const customer = await createCustomer(t);
    const proposed = await addCash(maker, customer.userId, '750000');
    expect(proposed.statusCode).toBe(202);
    const proposal = proposed.json<Proposal>();
    expect(proposal).toMatchObject({
      kind: 'valuable_add',
      status: 'pending',
      amount: '750000.00000000',
      canDecide: false,
      canWithdraw: true,
    });
    // Nothing moved yet: the proposal counts nowhere.
    expect(await cashOf(customer.userId)).toBe('0');

    const own = await approveProposal(t, maker, proposal.id);
    expect(own.statusCode).toBe(403);
    expect(errorCode(own)).toBe('SAME_STAFF');
    expect(await cashOf(customer.userId)).toBe('0');

    const approved = await approveProposal(t, checker, proposal.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      checker: { id: checker.userId },
    });
    expect(await cashOf(customer.userId)).toBe('750000.00000000');

    // Exactly once: a second approval, by anyone, changes nothing.
    const third = await createStaffMember(t);
    const again = await approveProposal(t, third, proposal.id);
    expect(again.statusCode).toBe(409);
    expect(await cashOf(customer.userId)).toBe('750000.00000000');
  });

  it('takes a custody intake into the vault only on approval', async () => {
    const customer = await createCustomer(t);
    const proposed = await keyedApi(
      t,
      'POST',
      '/admin/valuables',
      {
        userId: customer.userId,
        itemName: 'Gold watch',
        itemType: 'jewelry',
        estimatedValue: '100000',
      },
      maker.cookie,
    );
    expect(proposed.statusCode).toBe(202);
    expect(await valuablesOf(t, customer.userId)).toHaveLength(0);
    const mine = await call(t, 'GET', '/me/valuables', undefined, { cookie: customer.cookie });
    expect(mine.json()).toEqual([]);
    await approveProposal(t, checker, proposed.json<Proposal>().id);
    const items = await valuablesOf(t, customer.userId);
    expect(items.map((item) => item.itemName)).toEqual(['Gold watch']);
  });

  it('refuses every value change on a staff account', async () => {
    const other = await createStaffMember(t);
    const res = await addCash(maker, other.userId, '1000');
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('STAFF_ACCOUNT');
    const book = await keyedApi(
      t,
      'PUT',
      `/admin/users/${other.userId}/book-balance`,
      { bookBalance: '250000' },
      maker.cookie,
    );
    expect(errorCode(book)).toBe('STAFF_ACCOUNT');
  });
});

describe('F6: staff cannot take over staff', () => {
  it('refuses a password reset of another staff account or their own', async () => {
    const other = await createStaffMember(t);
    for (const target of [other, maker]) {
      const res = await call(
        t,
        'POST',
        `/admin/users/${target.userId}/reset-password`,
        { newPassword: 'taken over' },
        { cookie: maker.cookie },
      );
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe(target === maker ? 'OWN_ACCOUNT' : 'STAFF_ACCOUNT');
    }
  });

  it('refuses impersonating a staff account', async () => {
    const other = await createStaffMember(t);
    const res = await call(t, 'POST', `/admin/users/${other.userId}/impersonate`, undefined, {
      cookie: maker.cookie,
    });
    expect(errorCode(res)).toBe('STAFF_ACCOUNT');
  });

  it('keeps a book balance from being approved by the staff member who recorded it', async () => {
    const customer = await createCustomer(t);
    const recorded = await keyedApi(
      t,
      'PUT',
      `/admin/users/${customer.userId}/book-balance`,
      { bookBalance: '12345' },
      maker.cookie,
    );
    expect(recorded.statusCode).toBe(202);
    const proposal = recorded.json<Proposal>();
    expect(proposal.kind).toBe('book_balance');
    expect(errorCode(await approveProposal(t, maker, proposal.id))).toBe('SAME_STAFF');
    expect(await cashOf(customer.userId)).toBe('0');
    expect((await approveProposal(t, checker, proposal.id)).statusCode).toBe(200);
    expect(await cashOf(customer.userId)).toBe('12345.00000000');
  });
});

describe('F3: an impersonation is the staff member', () => {
  async function impersonate(staff: Customer, customer: Customer): Promise<string> {
    const link = await call(t, 'POST', `/admin/users/${customer.userId}/impersonate`, undefined, {
      cookie: staff.cookie,
    });
    expect(link.statusCode).toBe(200);
    const token = /#token=(.+)$/.exec(link.json<{ actionLink: string }>().actionLink)?.[1] ?? '';
    const res = await call(
      t,
      'POST',
      '/auth/impersonation/complete',
      { token },
      { cookie: staff.cookie },
    );
    expect(res.statusCode).toBe(200);
    return sessionCookie(res) ?? '';
  }

  it('refuses the staff member deciding a deposit they opened as the customer', async () => {
    const customer = await verifiedCustomer(t);
    const cookie = await impersonate(maker, customer);
    const deposit = await cardDeposit(t, { ...customer, cookie }, '40000');
    expect(deposit.statusCode).toBe(201);
    const id = deposit.json<{ id: string }>().id;

    // Proposing it themselves: refused.
    const own = await settle(t, maker, 'card_deposit', id, 'completed');
    expect(own.statusCode).toBe(403);
    expect(errorCode(own)).toBe('SAME_STAFF');

    // Another proposes it; the impersonator may not approve it.
    const proposed = await settle(t, checker, 'card_deposit', id, 'completed');
    expect(proposed.statusCode).toBe(202);
    const res = await approveProposal(t, maker, proposed.json<Proposal>().id);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('SAME_STAFF');
    expect(await cashOf(customer.userId)).toBe('0');

    // A third staff member, who had no part in it, may.
    const third = await createStaffMember(t);
    expect((await approveProposal(t, third, proposed.json<Proposal>().id)).statusCode).toBe(200);
    expect(await cashOf(customer.userId)).toBe('40000.00000000');
  });
});

describe('the proposal lifecycle', () => {
  it('completes a deposit only on approval, and emails the customer then', async () => {
    const customer = await verifiedCustomer(t);
    const deposit = await cardDeposit(t, customer, '250');
    const proposed = await settle(
      t,
      maker,
      'card_deposit',
      deposit.json<{ id: string }>().id,
      'completed',
    );
    expect(proposed.json()).toMatchObject({
      kind: 'request_decision',
      requestType: 'card_deposit',
      requestStatus: 'completed',
      amount: '250.00000000',
    });
    expect(await cashOf(customer.userId)).toBe('0');
    // One pending proposal per request.
    const twice = await settle(
      t,
      checker,
      'card_deposit',
      deposit.json<{ id: string }>().id,
      'failed',
    );
    expect(twice.statusCode).toBe(409);
    await approveProposal(t, checker, proposed.json<Proposal>().id);
    expect(await cashOf(customer.userId)).toBe('250.00000000');
    const mine = await call(t, 'GET', '/me/transfers', undefined, { cookie: customer.cookie });
    expect(mine.json<{ items: { status: string }[] }>().items[0]?.status).toBe('completed');
  });

  it('rejects with a reason and withdraws, changing nothing', async () => {
    const customer = await createCustomer(t);
    const first = (await addCash(maker, customer.userId, '10')).json<Proposal>();
    const rejected = await rejectProposal(t, checker, first.id, 'No wire received');
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'No wire received' });
    const second = (await addCash(maker, customer.userId, '20')).json<Proposal>();
    expect(errorCode(await withdrawProposal(t, checker, second.id))).toBe('FORBIDDEN');
    expect((await withdrawProposal(t, maker, second.id)).json()).toMatchObject({
      status: 'withdrawn',
    });
    expect((await approveProposal(t, checker, second.id)).statusCode).toBe(409);
    expect(await cashOf(customer.userId)).toBe('0');
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, customer.userId));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'admin.proposal_created',
        'admin.proposal_rejected',
        'admin.proposal_withdrawn',
      ]),
    );
  });

  it('lists the queue with who may decide', async () => {
    const customer = await createCustomer(t);
    const proposal = (await addCash(maker, customer.userId, '5')).json<Proposal>();
    const asChecker = await call(t, 'GET', '/admin/proposals', undefined, {
      cookie: checker.cookie,
    });
    const seen = asChecker.json<{ items: Proposal[] }>().items.find((p) => p.id === proposal.id);
    expect(seen).toMatchObject({
      canDecide: true,
      canWithdraw: false,
      maker: { id: maker.userId },
    });
    const approved = await staffChange(t, maker, 'POST', '/admin/valuables', {
      userId: customer.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '7',
    });
    expect(approved.status).toBe('approved');
  });
});

describe('the database enforces maker ≠ checker', () => {
  it('refuses an approval by the maker written straight to the table', async () => {
    const customer = await createCustomer(t);
    const proposal = (await addCash(maker, customer.userId, '9')).json<Proposal>();
    await expect(
      t.ctx.db.execute(
        sql`update staff_proposals set status = 'approved', checker_id = maker_id,
          decided_at = now() where id = ${proposal.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.insert(staffProposals).values({
        kind: 'book_balance',
        subjectUserId: maker.userId,
        targetId: maker.userId,
        payload: { amount: '1' },
        amount: '1',
        makerId: checker.userId,
        createdAt: new Date(),
      }),
    ).rejects.toThrow();
  });

  it('never lets a decided proposal change', async () => {
    const customer = await createCustomer(t);
    const proposal = (await addCash(maker, customer.userId, '3')).json<Proposal>();
    await approveProposal(t, checker, proposal.id);
    await expect(
      t.ctx.db.execute(
        sql`update staff_proposals set status = 'rejected' where id = ${proposal.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.execute(sql`delete from staff_proposals where id = ${proposal.id}`),
    ).rejects.toThrow();
  });
});
