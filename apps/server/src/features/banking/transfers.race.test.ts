// Money in, out and across under concurrency (DESIGN §2 and §5): requests sent at once through
// the API must each apply whole or not at all, a final state must be reached once, cash never
// goes below zero, and every holding still equals the sums of its journal rows. On PostgreSQL
// (TEST_DATABASE_URL) the requests really run at once on the pool's connections; PGlite has one
// connection, so there they run one after another and each case is run once, which still checks
// that the later request sees what the earlier one did. A staff decision is proposed by one staff
// member and made by another's approval (DESIGN §4): the approval is what races.
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { LedgerKind } from '@secure-vault/shared/history';
import { dec, sum } from '@secure-vault/shared/money';
import { bankAccounts } from '../../db/banking-schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { approveProposal, staffChange, transferOf, valuableIdOf } from '../../test/approvals.ts';
import type { Customer } from '../../test/customers.ts';
import {
  addBankAccount,
  assetToCash,
  cancelWithdrawal,
  cardDeposit,
  cashIdOf,
  createStaffMember,
  moneyPost,
  sendTransfer,
  settle,
  verifiedCustomer,
  withdraw,
} from '../../test/money-movements.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  positionOf,
  trade,
  wealthOf,
} from '../../test/trading.ts';
import { api } from '../../test/vault.ts';

let t: TestApp;
let staff: Customer;
let otherStaff: Customer;
let thirdStaff: Customer;
beforeAll(async () => {
  t = await createTestApp();
  [staff, otherStaff, thirdStaff] = await Promise.all([
    createStaffMember(t),
    createStaffMember(t),
    createStaffMember(t),
  ]);
});
afterAll(() => t.close());

/** How many times each race is run: on PGlite nothing runs at once, so once is enough. */
const rounds = dbKind === 'postgres' ? 6 : 1;

const codeOf = (res: LightMyRequestResponse): string | undefined =>
  res.statusCode >= 400 ? res.json<{ error: { code: string } }>().error.code : undefined;

/** The journal rows of one kind under a reference (a request's TXN/WTH reference). */
async function journalRows(userId: string, kind: LedgerKind, reference: string) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, kind),
        eq(ledgerEntries.reference, reference),
      ),
    );
}

/** `staff` proposes the decision (202); returns the proposal's id for another to approve. */
async function proposed(
  type: string,
  id: string,
  status: 'completed' | 'failed' | 'cancelled',
): Promise<string> {
  const res = await settle(t, staff, type, id, status);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<Proposal>().id;
}

async function expectCash(customer: Customer, amount: string) {
  const cash = await cashOf(t, customer.userId);
  expect(dec(cash).isNegative()).toBe(false);
  expect(cash).toBe(dec(amount).toFixed(8));
}

describe('two withdrawals that together exceed the cash', () => {
  it('let exactly one through, and cash never goes below zero', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const customer = await verifiedCustomer(t, { cash: '100' });
        const account = await addBankAccount(t, customer.userId);
        const results = await Promise.all([
          withdraw(t, customer, account, '60.00'),
          withdraw(t, customer, account, '60.00'),
        ]);
        const accepted = results.filter((res) => res.statusCode === 201);
        expect(accepted, results.map((res) => res.body).join('\n')).toHaveLength(1);
        const refused = results.find((res) => res.statusCode !== 201);
        expect(refused?.statusCode).toBe(422);
        expect(codeOf(refused!)).toBe('INSUFFICIENT_CASH');
        expect(accepted[0]?.json()).toMatchObject({ type: 'withdrawal', status: 'pending' });
        await expectCash(customer, '40');
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('one deposit completed by two staff members at once', () => {
  it('is proposed once; approved by two at once, credits the cash once, the other CONFLICT', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const customer = await verifiedCustomer(t);
        const asked = await cardDeposit(t, customer, '250.00');
        expect(asked.statusCode).toBe(201);
        const { id, reference } = asked.json();
        // Two staff members propose it at once: one proposal waits, the other is refused.
        const proposals = await Promise.all([
          settle(t, staff, 'card_deposit', id, 'completed'),
          settle(t, otherStaff, 'card_deposit', id, 'completed'),
        ]);
        expect(proposals.map((res) => res.statusCode).sort()).toEqual([202, 409]);
        expect(codeOf(proposals.find((res) => res.statusCode === 409)!)).toBe('CONFLICT');
        const waiting = proposals.find((res) => res.statusCode === 202)!;
        const maker = waiting === proposals[0] ? staff : otherStaff;
        await expectCash(customer, '0');
        // The two who did not make it approve it at once.
        const approvers = [staff, otherStaff, thirdStaff].filter((member) => member !== maker);
        const results = await Promise.all(
          approvers.map((member) => approveProposal(t, member, waiting.json<Proposal>().id)),
        );
        expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
        expect(codeOf(results.find((res) => res.statusCode === 409)!)).toBe('CONFLICT');
        expect(results.find((res) => res.statusCode === 200)?.json().status).toBe('approved');
        expect((await transferOf(t, id))?.status).toBe('completed');
        await expectCash(customer, '250');
        expect(await journalRows(customer.userId, 'deposit', reference)).toHaveLength(1);
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('staff completing a withdrawal while its customer cancels it', () => {
  it('ends one way only: completed with no refund, or cancelled and refunded once', async () => {
    // Which side wins is the scheduler's choice (both happen on PostgreSQL); either is correct.
    await Promise.all(
      Array.from({ length: rounds * 2 }, async (_, round) => {
        const customer = await verifiedCustomer(t, { cash: '100' });
        const account = await addBankAccount(t, customer.userId);
        const asked = await withdraw(t, customer, account, '60.00');
        expect(asked.statusCode).toBe(201);
        const { id, reference } = asked.json();
        // Half the rounds send the cancel first, so either may reach the row lock first. The
        // completion is proposed before; its approval is what races the cancel.
        const proposal = await proposed('withdrawal', id, 'completed');
        const complete = () => approveProposal(t, otherStaff, proposal);
        const cancel = () => cancelWithdrawal(t, customer, id);
        const [completed, cancelled] =
          round % 2 === 0
            ? await Promise.all([complete(), cancel()])
            : await Promise.all([cancel(), complete()]).then(([b, a]) => [a, b] as const);
        expect([completed.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
        const refunds = await journalRows(customer.userId, 'refund', reference);
        const listed = await api(t, 'GET', '/me/transfers', undefined, customer.cookie);
        const row = listed.json().items.find((item: { id: string }) => item.id === id);
        if (completed.statusCode === 200) {
          expect(codeOf(cancelled)).toBe('CONFLICT');
          expect(row.status).toBe('completed');
          expect(refunds).toHaveLength(0);
          await expectCash(customer, '40');
        } else {
          expect(codeOf(completed)).toBe('CONFLICT');
          expect(cancelled.json().status).toBe('cancelled');
          expect(row.status).toBe('cancelled');
          expect(refunds).toHaveLength(1);
          expect(refunds[0]?.valueDelta).toBe('60.00000000');
          await expectCash(customer, '100');
        }
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('twenty transfers from one sender at once', () => {
  it('never overdraw, keep both sides equal to their journals and conserve the total', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    // One receiver has no cash position yet: the first credit opens it while others race it.
    const receivers = await Promise.all([
      verifiedCustomer(t, { cash: '5' }),
      verifiedCustomer(t, { cash: '5' }),
      verifiedCustomer(t),
    ]);
    const everyone = [sender, ...receivers];
    const totalBefore = sum(
      await Promise.all(everyone.map((customer) => wealthOf(t, customer.userId))),
    );
    const cashId = await cashIdOf(t, sender.userId);
    // $7 twenty times against $100: fourteen fit.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sendTransfer(t, sender, receivers[i % receivers.length]!, cashId, '7.00'),
      ),
    );
    for (const res of results) {
      expect([201, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 422) expect(codeOf(res)).toBe('INSUFFICIENT_CASH');
    }
    const sent = results.filter((res) => res.statusCode === 201);
    expect(sent).toHaveLength(14);
    for (const res of sent) {
      expect(res.json()).toMatchObject({ status: 'completed', direction: 'out' });
      expect(dec(res.json().amount).toFixed(2)).toBe('7.00');
    }
    await expectCash(sender, '2');
    const received = (receiver: Customer) =>
      results.filter(
        (res, i) => res.statusCode === 201 && receivers[i % receivers.length] === receiver,
      ).length;
    await expectCash(receivers[0], String(5 + 7 * received(receivers[0])));
    await expectCash(receivers[1], String(5 + 7 * received(receivers[1])));
    await expectCash(receivers[2], String(7 * received(receivers[2])));
    for (const customer of everyone) await expectHoldingsMatchJournal(t, customer.userId);
    const totalAfter = sum(
      await Promise.all(everyone.map((customer) => wealthOf(t, customer.userId))),
    );
    expect(totalAfter.toFixed(8)).toBe(totalBefore.toFixed(8));
  });
});

describe('transfers in opposite directions between two customers at once', () => {
  it('all go through without a deadlock reaching either customer', async () => {
    const [first, second] = await Promise.all([
      verifiedCustomer(t, { cash: '1000' }),
      verifiedCustomer(t, { cash: '1000' }),
    ]);
    // Each holds 10,000 mg of gold ($570) and $430 in cash.
    for (const customer of [first, second]) {
      const bought = await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '10000' });
      expect(bought.statusCode).toBe(201);
    }
    const totalBefore = (await wealthOf(t, first.userId)).plus(await wealthOf(t, second.userId));
    const ids = async (customer: Customer) => ({
      cash: await cashIdOf(t, customer.userId),
      gold: (await positionOf(t, customer.userId, 'AU'))!.id,
    });
    const [firstIds, secondIds] = await Promise.all([ids(first), ids(second)]);
    // Cash and part of the gold both ways, interleaved: each lock order is taken from both ends.
    const calls = Array.from({ length: 24 }, (_, i) => {
      const [from, to, held] = i % 2 === 0 ? [first, second, firstIds] : [second, first, secondIds];
      return i % 4 < 2
        ? sendTransfer(t, from, to, held.cash, '5.00')
        : sendTransfer(t, from, to, held.gold, '100');
    });
    const results = await Promise.all(calls);
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    // Twelve each way, half cash and half gold: each ends where it began.
    await expectCash(first, '430');
    await expectCash(second, '430');
    expect((await positionOf(t, first.userId, 'AU'))?.quantity).toBe('10000.00000000');
    expect((await positionOf(t, second.userId, 'AU'))?.quantity).toBe('10000.00000000');
    await expectHoldingsMatchJournal(t, first.userId);
    await expectHoldingsMatchJournal(t, second.userId);
    const totalAfter = (await wealthOf(t, first.userId)).plus(await wealthOf(t, second.userId));
    expect(totalAfter.toFixed(8)).toBe(totalBefore.toFixed(8));
  });
});

describe('removing a bank account while a withdrawal to it is made', () => {
  it('refuses one of them: the withdrawal NOT_FOUND, or the removal CONFLICT', async () => {
    await Promise.all(
      Array.from({ length: rounds * 2 }, async (_, round) => {
        const customer = await verifiedCustomer(t, { cash: '100' });
        const account = await addBankAccount(t, customer.userId);
        const remove = () =>
          api(t, 'DELETE', `/me/bank-accounts/${account}`, undefined, customer.cookie);
        const take = () => withdraw(t, customer, account, '60.00');
        const [withdrawn, removed] =
          round % 2 === 0
            ? await Promise.all([take(), remove()])
            : await Promise.all([remove(), take()]).then(([b, a]) => [a, b] as const);
        const [stillThere] = await t.ctx.db
          .select({ id: bankAccounts.id })
          .from(bankAccounts)
          .where(eq(bankAccounts.id, account));
        if (withdrawn.statusCode === 201) {
          expect(removed.statusCode, removed.body).toBe(409);
          expect(codeOf(removed)).toBe('CONFLICT');
          expect(stillThere).toBeDefined();
          expect(withdrawn.json().bankName).toBe('Emirates NBD');
          await expectCash(customer, '40');
        } else {
          expect(withdrawn.statusCode, withdrawn.body).toBe(404);
          expect(codeOf(withdrawn)).toBe('NOT_FOUND');
          expect(removed.statusCode).toBe(204);
          expect(stillThere).toBeUndefined();
          await expectCash(customer, '100');
        }
        await expectHoldingsMatchJournal(t, customer.userId);
      }),
    );
  });
});

describe('asset to cash completed while its customer moves the same holdings', () => {
  it('converts or fails as a whole, without a deadlock, and value is conserved', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const [customer, receiver] = await Promise.all([
          verifiedCustomer(t, { cash: '1000' }),
          verifiedCustomer(t),
        ]);
        // $570 of gold and $300 of silver (5,000 mg and 357,142.857 mg), $130 left in cash.
        for (const body of [
          { side: 'buy', asset: 'AU', quantity: '10000' },
          { side: 'buy', asset: 'AG', total: '300.00' },
        ]) {
          expect((await trade(t, customer, body)).statusCode).toBe(201);
        }
        const everyone = [customer, receiver];
        const totalOf = async () =>
          sum(await Promise.all(everyone.map((c) => wealthOf(t, c.userId))));
        const totalBefore = await totalOf();
        const asked = await assetToCash(t, customer, '800.00');
        expect(asked.statusCode).toBe(201);
        const { id } = asked.json();
        const gold = (await positionOf(t, customer.userId, 'AU'))!.id;
        const proposal = await proposed('asset_to_cash', id, 'completed');
        const [completed, sent, sold] = await Promise.all([
          approveProposal(t, otherStaff, proposal),
          sendTransfer(t, customer, receiver, gold, '2000'),
          trade(t, customer, { side: 'sell', asset: 'AG', quantity: '100000' }),
        ]);
        expect(completed.statusCode, completed.body).toBe(200);
        // Refused for want of gold or silver, or, the gold converted whole first, not found.
        expect([201, 404, 422], sent.body).toContain(sent.statusCode);
        expect([201, 422], sold.body).toContain(sold.statusCode);
        const outcome = (await transferOf(t, id))!;
        if (outcome.status === 'failed') {
          // The transfer or the sale came first and left less than $800 to convert.
          expect(outcome.reason).toBe('transfers:reasons.notCovered');
          expect(sent.statusCode === 201 || sold.statusCode === 201).toBe(true);
        } else {
          expect(outcome.status).toBe('completed');
        }
        for (const c of everyone) await expectHoldingsMatchJournal(t, c.userId);
        expect(dec(await cashOf(t, customer.userId)).isNegative()).toBe(false);
        // Whatever the order, the customers lost only what the platform's rounding gained.
        const rounding = await t.ctx.db
          .select({ value: ledgerEntries.valueDelta })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.account, 'rounding'),
              inArray(ledgerEntries.reference, [
                asked.json().id,
                ...(sold.statusCode === 201 ? [sold.json().reference as string] : []),
              ]),
            ),
          );
        expect((await totalOf()).plus(sum(rounding.map((row) => row.value))).toFixed(8)).toBe(
          totalBefore.toFixed(8),
        );
      }),
    );
  });
});

describe('one Idempotency-Key sent many times at once', () => {
  it('moves the money once and answers every copy with the first answer', async () => {
    const [customer, receiver] = await Promise.all([
      verifiedCustomer(t, { cash: '100' }),
      verifiedCustomer(t),
    ]);
    const account = await addBankAccount(t, customer.userId);
    const cashId = await cashIdOf(t, customer.userId);
    const copies = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 6 }, send));
    const key = (name: string) => `${name}-${customer.userId}`;
    const expectOneAnswer = (results: LightMyRequestResponse[], status: number) => {
      expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(status));
      expect(new Set(results.map((res) => res.body)).size).toBe(1);
      expect(results.filter((res) => !res.headers['idempotent-replayed'])).toHaveLength(1);
    };

    const withdrawals = await copies(() =>
      moneyPost(
        t,
        customer,
        '/me/withdrawals',
        { bankAccountId: account, amount: '30.00' },
        key('w'),
      ),
    );
    expectOneAnswer(withdrawals, 201);
    const transfers = await copies(() =>
      moneyPost(
        t,
        customer,
        '/transfers',
        { receiverAccountNumber: receiver.accountNumber, valuableId: cashId, quantity: '20.00' },
        key('t'),
      ),
    );
    expectOneAnswer(transfers, 201);
    const cancels = await copies(() =>
      moneyPost(
        t,
        customer,
        `/me/withdrawals/${withdrawals[0]!.json().id}/cancel`,
        undefined,
        key('c'),
      ),
    );
    expectOneAnswer(cancels, 200);
    // $100 − $30 withdrawn + $30 refunded once − $20 sent once.
    await expectCash(customer, '80');
    await expectCash(receiver, '20');
    await expectHoldingsMatchJournal(t, customer.userId);
    await expectHoldingsMatchJournal(t, receiver.userId);

    const deposit = await cardDeposit(t, receiver, '15.00');
    const decisions = await copies(() =>
      moneyPost(
        t,
        staff,
        `/admin/transfers/card_deposit/${deposit.json().id}/status`,
        { status: 'completed' },
        key('d'),
      ),
    );
    expectOneAnswer(decisions, 202);
    await expectCash(receiver, '20');
    const approvals = await copies(() =>
      approveProposal(t, otherStaff, decisions[0]!.json<Proposal>().id, key('a')),
    );
    expectOneAnswer(approvals, 200);
    await expectCash(receiver, '35');
    await expectHoldingsMatchJournal(t, receiver.userId);
  });
});

describe('one custody item sent to two customers at once', () => {
  it('reaches one of them; the other send finds it gone', async () => {
    await Promise.all(
      Array.from({ length: rounds }, async () => {
        const [owner, first, second] = await Promise.all([
          verifiedCustomer(t),
          verifiedCustomer(t),
          verifiedCustomer(t),
        ]);
        const added = await staffChange(t, staff, 'POST', '/admin/valuables', {
          userId: owner.userId,
          itemName: 'Ring',
          itemType: 'jewelry',
          estimatedValue: '900',
        });
        const ring = await valuableIdOf(t, added.id);
        const results = await Promise.all([
          sendTransfer(t, owner, first, ring),
          sendTransfer(t, owner, second, ring),
        ]);
        expect(results.map((res) => res.statusCode).sort()).toEqual([201, 404]);
        expect(codeOf(results.find((res) => res.statusCode === 404)!)).toBe('NOT_FOUND');
        const winner = results[0]?.statusCode === 201 ? first : second;
        const loser = winner === first ? second : first;
        const ownerOf = async (customer: Customer) =>
          (await wealthOf(t, customer.userId)).toFixed(2);
        expect(await ownerOf(winner)).toBe('900.00');
        expect(await ownerOf(loser)).toBe('0.00');
        expect(await ownerOf(owner)).toBe('0.00');
        for (const customer of [owner, first, second]) {
          await expectHoldingsMatchJournal(t, customer.userId);
        }
      }),
    );
  });
});
