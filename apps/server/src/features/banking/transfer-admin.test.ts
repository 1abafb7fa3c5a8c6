// Transfer Management (SPEC §2 admin, §3's unified row, §4 transfer status; DESIGN §5): staff
// list every transfer and request newest first, filtered by type and status, with counts and
// pages; one proposes making a pending request final and another approves it (DESIGN §4 "Dual
// control"), exactly once — a deposit credited once, a withdrawal refunded once — and a final
// state, an asset transfer included, answers CONFLICT. Each decision is audited and, once
// approved, emailed to the customer in the language they asked in; a replayed Idempotency-Key
// returns the first answer; customers cannot reach any of it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared';
import type { Proposal } from '@secure-vault/shared/approvals';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { call, lastMail, mailCount } from '../../test/auth-helpers.ts';
import { approveProposal, checkerFor, settleApproved } from '../../test/approvals.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  addBankAccount,
  cardDeposit,
  cashIdOf,
  createStaffMember,
  moneyPost,
  sendTransfer,
  settle,
  verifiedCustomer,
  withdraw,
} from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { cashOf, expectHoldingsMatchJournal } from '../../test/trading.ts';
import { auditRows, errorOf } from './transfer-test-support.ts';

const clock = manualClock();
let t: TestApp;
let staff: Customer;
/** The second staff member, who approves what `staff` proposes. */
let checker: Customer;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaffMember(t);
  checker = await checkerFor(t, staff);
});
afterAll(() => t.close());

interface Page {
  items: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<'pending' | 'completed' | 'failed' | 'cancelled', number>;
}

async function list(query = '', caller: Customer = staff): Promise<Page> {
  const res = await call(t, 'GET', `/admin/transfers${query}`, undefined, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/** The customer's journal rows under a reference (the platform's side is ledger/postings.test). */
async function journalUnder(reference: string) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'customer'), eq(ledgerEntries.reference, reference)));
}

/** A minute passes between requests, so "newest first" has one answer. */
function later() {
  clock.advance(60_000);
}

describe('the list', () => {
  it('shows SPEC’s row: who asked, and for a transfer the receiver, for a withdrawal the bank', async () => {
    const sender = await verifiedCustomer(t, { cash: '500' });
    const receiver = await verifiedCustomer(t);
    later();
    const sent = (
      await sendTransfer(t, sender, receiver, await cashIdOf(t, sender.userId), '10')
    ).json();
    later();
    const account = await addBankAccount(t, sender.userId);
    const withdrawal = (await withdraw(t, sender, account, '20')).json();
    const [newest, previous] = (await list()).items;
    expect(newest).toMatchObject({
      id: withdrawal.id,
      type: 'withdrawal',
      status: 'pending',
      amount: '20.00000000',
      userId: sender.userId,
      userEmail: sender.email,
      userAccountNumber: sender.accountNumber,
      bankName: 'Emirates NBD',
      bankAccountNumber: '1012345678901',
      counterpartyEmail: null,
      decidedAt: null,
    });
    expect(previous).toMatchObject({
      id: sent.id,
      type: 'asset_transfer',
      status: 'completed',
      amount: '10.00000000',
      userEmail: sender.email,
      counterpartyEmail: receiver.email,
      counterpartyAccountNumber: receiver.accountNumber,
    });
  });

  it('filters by type and status, counts each status under the type, and pages newest first', async () => {
    const customer = await verifiedCustomer(t, { cash: '1000' });
    const before = await list('?type=card_deposit');
    const ids: string[] = [];
    for (const amount of ['1', '2', '3', '4', '5']) {
      later();
      ids.push((await cardDeposit(t, customer, amount)).json().id);
    }
    later();
    await settleApproved(t, staff, 'card_deposit', ids[0] ?? '', 'completed');
    await settleApproved(t, staff, 'card_deposit', ids[1] ?? '', 'failed');
    // A decision only proposed leaves the request pending.
    expect((await settle(t, staff, 'card_deposit', ids[2] ?? '', 'failed')).statusCode).toBe(202);
    // Other types are not counted under the filter.
    later();
    await moneyPost(t, customer, '/me/deposits/bank', { amount: '7' });

    const all = await list('?type=card_deposit&pageSize=2');
    expect(all.counts).toEqual({
      pending: before.counts.pending + 3,
      completed: before.counts.completed + 1,
      failed: before.counts.failed + 1,
      cancelled: before.counts.cancelled,
    });
    expect(all.total).toBe(before.total + 5);
    expect(all.pageSize).toBe(2);
    expect(all.items.map((item) => item.id)).toEqual([ids[4], ids[3]]);
    const second = await list('?type=card_deposit&pageSize=2&page=2');
    expect(second.page).toBe(2);
    expect(second.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);

    const pending = await list('?type=card_deposit&status=pending&pageSize=100');
    expect(pending.total).toBe(before.counts.pending + 3);
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    expect(pending.items.slice(0, 3).map((item) => item.id)).toEqual([ids[4], ids[3], ids[2]]);
    const failed = await list('?status=failed&type=card_deposit');
    expect(failed.items.map((item) => item.id)).toContain(ids[1]);
    expect(failed.items.every((item) => item.type === 'card_deposit')).toBe(true);
  });

  it('refuses an unknown type or status, and a page size over 100', async () => {
    for (const query of ['?type=refund', '?status=approved', '?pageSize=101', '?page=0']) {
      const res = await call(t, 'GET', `/admin/transfers${query}`, undefined, staff);
      expect(errorOf(res, 400).code, query).toBe('VALIDATION');
    }
  });
});

describe('a decision', () => {
  it('proposed, moves nothing and tells nobody until another staff member approves it', async () => {
    const customer = await createCustomer(t, { cash: '10' });
    const deposit = (await cardDeposit(t, customer, '90')).json();
    const mailsBefore = await mailCount(t, customer.email);
    const res = await settle(t, staff, 'card_deposit', deposit.id, 'completed');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'request_decision',
      status: 'pending',
      customer: { id: customer.userId },
      maker: { id: staff.userId },
      amount: '90.00000000',
      requestType: 'card_deposit',
      requestStatus: 'completed',
      reference: deposit.reference,
    });
    expect(await cashOf(t, customer.userId)).toBe('10.00000000');
    expect((await list('?type=card_deposit&status=pending&pageSize=100')).items).toContainEqual(
      expect.objectContaining({ id: deposit.id, status: 'pending' }),
    );
    expect(await auditRows(t, 'transfer.status_changed', customer.userId)).toEqual([]);
    expect(await mailCount(t, customer.email)).toBe(mailsBefore);
    // Its maker may not approve it.
    const own = await approveProposal(t, staff, res.json<Proposal>().id);
    expect(errorOf(own, 403).code).toBe('SAME_STAFF');
    expect(await cashOf(t, customer.userId)).toBe('10.00000000');
  });

  it('completing a deposit credits the cash once on approval, audited, and tells the customer', async () => {
    const customer = await createCustomer(t, { cash: '10' });
    const deposit = (await cardDeposit(t, customer, '250')).json();
    const key = randomUUID();
    const path = `/admin/transfers/card_deposit/${deposit.id}/status`;
    const res = await moneyPost(t, staff, path, { status: 'completed' }, key);
    expect(res.statusCode, res.body).toBe(202);
    const approval = await approveProposal(t, checker, res.json<Proposal>().id);
    expect(approval.statusCode, approval.body).toBe(200);
    expect(approval.json()).toMatchObject({
      status: 'approved',
      maker: { id: staff.userId },
      checker: { id: checker.userId },
      decidedAt: clock.now().toISOString(),
    });
    expect((await list('?type=card_deposit&pageSize=100')).items).toContainEqual(
      expect.objectContaining({
        id: deposit.id,
        status: 'completed',
        userEmail: customer.email,
        decidedAt: clock.now().toISOString(),
      }),
    );
    expect(await cashOf(t, customer.userId)).toBe('260.00000000');
    const journal = await journalUnder(deposit.reference);
    expect(journal.map((row) => [row.userId, row.kind, row.valueDelta, row.actorId])).toEqual([
      [customer.userId, 'deposit', '250.00000000', checker.userId],
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);

    // The same key replays the first answer; a new one finds the request final.
    const replay = await moneyPost(t, staff, path, { status: 'completed' }, key);
    expect(replay.statusCode).toBe(202);
    expect(replay.headers[idempotentReplayHeader]).toBe('true');
    expect(replay.json()).toEqual(res.json());
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      expect(errorOf(await settle(t, staff, 'card_deposit', deposit.id, status), 409)).toEqual({
        code: 'CONFLICT',
        message: 'This request is already completed; a final state does not change.',
      });
    }
    expect(await cashOf(t, customer.userId)).toBe('260.00000000');

    const audit = await auditRows(t, 'transfer.status_changed', customer.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: checker.userId });
    expect(audit[0]?.details).toMatchObject({
      transferId: deposit.id,
      type: 'card_deposit',
      status: 'completed',
      amount: '250.00000000',
      byCustomer: false,
    });
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your card deposit has been completed — Secure Vault');
    expect(mail?.text).toContain('$250.00 has been added to your cash balance.');
  });

  it('failing or cancelling a deposit credits nothing', async () => {
    const customer = await createCustomer(t);
    for (const status of ['failed', 'cancelled'] as const) {
      const deposit = (await cardDeposit(t, customer, '40')).json();
      const { approval, proposal, transfer } = await settleApproved(
        t,
        staff,
        'card_deposit',
        deposit.id,
        status,
        'No payment arrived',
      );
      expect(approval.statusCode, approval.body).toBe(200);
      expect(proposal).toMatchObject({ requestStatus: status, note: 'No payment arrived' });
      expect(transfer).toMatchObject({ status, reason: 'No payment arrived' });
      expect(await journalUnder(deposit.reference)).toEqual([]);
    }
    expect(await cashOf(t, customer.userId)).toBe('0.00000000');
    expect((await lastMail(t, customer.email))?.text).toContain('Reason: No payment arrived');
  });

  it('refuses staff a request on their own account, and on another staff account', async () => {
    const other = await createStaffMember(t);
    const deposit = (await cardDeposit(t, staff, '75')).json();
    const own = await settle(t, staff, 'card_deposit', deposit.id, 'completed');
    expect(errorOf(own, 403).code).toBe('OWN_ACCOUNT');
    const theirs = await settle(t, other, 'card_deposit', deposit.id, 'completed');
    expect(errorOf(theirs, 403).code).toBe('STAFF_ACCOUNT');
    expect(await journalUnder(deposit.reference)).toEqual([]);
    expect(await cashOf(t, staff.userId)).toBe('0.00000000');
  });

  it('keeps a reason only on a request that did not go through', async () => {
    const customer = await createCustomer(t);
    const deposit = (await cardDeposit(t, customer, '12')).json();
    const { proposal, transfer } = await settleApproved(
      t,
      staff,
      'card_deposit',
      deposit.id,
      'completed',
      'Arrived late',
    );
    expect(proposal.note).toBeNull();
    expect(transfer).toMatchObject({ status: 'completed', reason: null });
  });

  it('failing or cancelling a withdrawal refunds it once; completing it moves nothing more', async () => {
    const customer = await verifiedCustomer(t, { cash: '300' });
    const account = await addBankAccount(t, customer.userId);
    for (const status of ['failed', 'cancelled'] as const) {
      const withdrawal = (await withdraw(t, customer, account, '100')).json();
      expect(await cashOf(t, customer.userId)).toBe('200.00000000');
      const proposed = await settle(t, staff, 'withdrawal', withdrawal.id, status, 'IBAN closed');
      expect(proposed.json()).toMatchObject({ amount: '100.00000000', requestStatus: status });
      // Nothing is given back until another staff member approves it.
      expect(await cashOf(t, customer.userId)).toBe('200.00000000');
      const approval = await approveProposal(t, checker, proposed.json<Proposal>().id);
      expect(approval.statusCode, approval.body).toBe(200);
      expect((await list('?type=withdrawal&pageSize=100')).items).toContainEqual(
        expect.objectContaining({ id: withdrawal.id, status, reason: 'IBAN closed' }),
      );
      expect(await cashOf(t, customer.userId)).toBe('300.00000000');
      expect(
        errorOf(await settle(t, staff, 'withdrawal', withdrawal.id, 'cancelled'), 409).code,
      ).toBe('CONFLICT');
      const journal = await journalUnder(withdrawal.reference);
      expect(journal.map((row) => [row.kind, row.valueDelta, row.actorId]).sort()).toEqual([
        ['refund', '100.00000000', checker.userId],
        ['withdrawal', '-100.00000000', null],
      ]);
    }
    const paid = (await withdraw(t, customer, account, '100')).json();
    const { approval, transfer } = await settleApproved(
      t,
      staff,
      'withdrawal',
      paid.id,
      'completed',
    );
    expect(approval.statusCode, approval.body).toBe(200);
    expect(transfer).toMatchObject({ status: 'completed' });
    expect(await cashOf(t, customer.userId)).toBe('200.00000000');
    expect(errorOf(await settle(t, staff, 'withdrawal', paid.id, 'failed'), 409).code).toBe(
      'CONFLICT',
    );
    expect(await cashOf(t, customer.userId)).toBe('200.00000000');
    await expectHoldingsMatchJournal(t, customer.userId);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your withdrawal has been completed — Secure Vault');
  });

  it('refuses an asset transfer: it was completed when it was made', async () => {
    const sender = await verifiedCustomer(t, { cash: '50' });
    const receiver = await verifiedCustomer(t);
    const sent = (
      await sendTransfer(t, sender, receiver, await cashIdOf(t, sender.userId), '5')
    ).json();
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      expect(errorOf(await settle(t, staff, 'asset_transfer', sent.id, status), 409).code).toBe(
        'CONFLICT',
      );
    }
    expect(await cashOf(t, sender.userId)).toBe('45.00000000');
    expect(await cashOf(t, receiver.userId)).toBe('5.00000000');
  });

  it('answers a wrong type in the path, or an unknown id, as a missing request', async () => {
    const customer = await createCustomer(t);
    const deposit = (await cardDeposit(t, customer, '40')).json();
    for (const [type, id] of [
      ['bank_deposit', deposit.id],
      ['withdrawal', deposit.id],
      ['card_deposit', randomUUID()],
    ]) {
      expect(errorOf(await settle(t, staff, type ?? '', id ?? '', 'completed'), 404)).toEqual({
        code: 'NOT_FOUND',
        message: 'This request was not found.',
      });
    }
    expect(await cashOf(t, customer.userId)).toBe('0.00000000');
    const res = await settle(t, staff, 'deposit', deposit.id, 'completed');
    expect(errorOf(res, 400).code).toBe('VALIDATION');
    expect(
      errorOf(
        await moneyPost(t, staff, `/admin/transfers/card_deposit/${deposit.id}/status`, {
          status: 'pending',
        }),
        400,
      ).code,
    ).toBe('VALIDATION');
  });

  it('emails the customer in the language they asked in', async () => {
    const customer = await createCustomer(t);
    const res = await call(
      t,
      'POST',
      '/me/deposits/bank',
      { amount: '75' },
      {
        cookie: customer.cookie,
        headers: { 'idempotency-key': randomUUID(), 'accept-language': 'ar' },
      },
    );
    expect(res.statusCode).toBe(201);
    expect((await lastMail(t, customer.email))?.subject).toContain('استلمنا');
    await settleApproved(t, staff, 'bank_deposit', res.json().id, 'completed');
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toContain('مكتمل');
    expect(mail?.text).toContain('$75.00');
  });
});

describe('customers', () => {
  it('cannot list, decide or approve', async () => {
    const customer = await createCustomer(t);
    const deposit = (await cardDeposit(t, customer, '40')).json();
    expect(errorOf(await call(t, 'GET', '/admin/transfers', undefined, customer), 403).code).toBe(
      'FORBIDDEN',
    );
    expect(
      errorOf(await settle(t, customer, 'card_deposit', deposit.id, 'completed'), 403).code,
    ).toBe('FORBIDDEN');
    const proposed = await settle(t, staff, 'card_deposit', deposit.id, 'completed');
    const approval = await approveProposal(t, customer, proposed.json<Proposal>().id);
    expect(errorOf(approval, 403).code).toBe('FORBIDDEN');
    expect(await cashOf(t, customer.userId)).toBe('0.00000000');
  });
});
