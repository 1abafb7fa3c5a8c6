// Money in and out (SPEC §2 /inter-accounts and /withdrawal, §4, §5, §9; DESIGN §5): card and
// bank-transfer deposits are pending with a TXN reference and credit nothing until staff confirm
// (one proposes, another approves: DESIGN §4); the card's number never reaches the server. A withdrawal debits cash at once with a WTH
// reference, to the customer's own bank account, with approved KYC and never by impersonating
// staff; the customer's cancel refunds it exactly once, and its bank account cannot be removed
// while it is pending. Asset to cash is limited to the unlocked holdings; completing it converts
// the largest first, or fails it when they no longer cover the amount.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared';
import type { Proposal } from '@secure-vault/shared/approvals';
import { platformBankDetails } from '@secure-vault/shared/transfers';
import { transfers } from '../../db/banking-schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { call, lastMail, signUpStaff } from '../../test/auth-helpers.ts';
import { approveProposal, checkerFor, settleApproved } from '../../test/approvals.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  addBankAccount,
  assetToCash,
  cancelWithdrawal,
  createStaffMember,
  moneyPost,
  settle,
  verifiedCustomer,
  withdraw,
} from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  platformRoundingOf,
  positionOf,
  trade,
  valuablesOf,
} from '../../test/trading.ts';
import {
  auditRows,
  custodyItem,
  errorOf,
  impersonated,
  myTransfers,
} from './transfer-test-support.ts';

const clock = manualClock();
let t: TestApp;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaffMember(t);
});
afterAll(() => t.close());

const card = { amount: '250.00', cardLastFour: '4242', cardType: 'Visa' };

/** SPEC §9: the prefix, the request's time in milliseconds, then a number below 1000. */
const reference = (prefix: 'TXN' | 'WTH') =>
  new RegExp(`^${prefix}${clock.now().getTime()}\\d{3}$`);

/** The customer's journal rows under a reference (the platform's side is ledger/postings.test). */
async function journalUnder(ref: string) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'customer'), eq(ledgerEntries.reference, ref)));
}

async function buy(customer: Customer, asset: string, quantity: string) {
  const res = await trade(t, customer, { side: 'buy', asset, quantity });
  expect(res.statusCode, res.body).toBe(201);
}

const storedRow = async (id: string) =>
  (await t.ctx.db.select().from(transfers).where(eq(transfers.id, id)))[0];

describe('a card deposit', () => {
  it('is pending with a TXN reference, stores only the amount, last four and type, credits nothing', async () => {
    const customer = await createCustomer(t, { cash: '10' });
    const res = await moneyPost(t, customer, '/me/deposits/card', card);
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json();
    expect(deposit).toMatchObject({
      type: 'card_deposit',
      status: 'pending',
      amount: '250.00000000',
      cardLastFour: '4242',
      cardType: 'Visa',
      direction: null,
      reason: null,
    });
    expect(deposit.reference).toMatch(reference('TXN'));
    expect(await cashOf(t, customer.userId)).toBe('10.00000000');
    expect(await journalUnder(deposit.reference)).toEqual([]);
    const row = await storedRow(deposit.id);
    expect(row).toMatchObject({
      userId: customer.userId,
      cardLastFour: '4242',
      cardType: 'Visa',
      counterpartyId: null,
      bankAccountId: null,
      valuableId: null,
    });
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('We received your card deposit request — Secure Vault');
    expect(mail?.text).toContain(deposit.reference);
  });

  it('refuses a card number, a CVV or any other field the server must not get', async () => {
    const customer = await createCustomer(t);
    for (const extra of [{ cardNumber: '4242424242424242' }, { cvv: '123' }, { expiry: '12/30' }]) {
      const res = await moneyPost(t, customer, '/me/deposits/card', { ...card, ...extra });
      expect(errorOf(res, 400).code).toBe('VALIDATION');
    }
    expect((await myTransfers(t, customer)).total).toBe(0);
  });

  it('refuses amounts that are not whole cents above zero', async () => {
    const customer = await createCustomer(t);
    for (const amount of ['0', '0.00', '-5', '1.234', 'abc', '']) {
      const res = await moneyPost(t, customer, '/me/deposits/card', { ...card, amount });
      expect(errorOf(res, 400).code, amount).toBe('VALIDATION');
    }
  });

  it('answers a replay with the first answer and opens one request', async () => {
    const customer = await createCustomer(t);
    const key = randomUUID();
    const first = await moneyPost(t, customer, '/me/deposits/card', card, key);
    const again = await moneyPost(t, customer, '/me/deposits/card', card, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await myTransfers(t, customer)).total).toBe(1);
  });

  it('needs an Idempotency-Key', async () => {
    const customer = await createCustomer(t);
    const res = await call(t, 'POST', '/me/deposits/card', card, { cookie: customer.cookie });
    expect(errorOf(res, 400).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });
});

describe('a bank-transfer deposit', () => {
  it('answers the platform’s bank details and a TXN reference, pending, credits nothing', async () => {
    const customer = await createCustomer(t);
    const res = await moneyPost(t, customer, '/me/deposits/bank', { amount: '1000' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json();
    expect(deposit).toMatchObject({
      type: 'bank_deposit',
      status: 'pending',
      amount: '1000.00000000',
      bankDetails: platformBankDetails,
      cardLastFour: null,
    });
    expect(deposit.reference).toMatch(reference('TXN'));
    expect(await cashOf(t, customer.userId)).toBe('0.00000000');
    const mail = await lastMail(t, customer.email);
    expect(mail?.text).toContain(platformBankDetails.iban);
    expect(mail?.text).toContain(deposit.reference);
    expect(
      errorOf(await moneyPost(t, customer, '/me/deposits/bank', { amount: '5', iban: 'x' }), 400)
        .code,
    ).toBe('VALIDATION');
  });
});

describe('a bank-transfer deposit read again', () => {
  const readDeposit = (customer: Pick<Customer, 'cookie'>, id: string) =>
    call(t, 'GET', `/me/deposits/bank/${id}`, undefined, { cookie: customer.cookie });

  it('answers the customer’s own deposit with its reference, amount and the bank details', async () => {
    const customer = await createCustomer(t);
    const asked = await moneyPost(t, customer, '/me/deposits/bank', { amount: '750.25' });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await readDeposit(customer, asked.json<{ id: string }>().id);
    expect(res.statusCode, res.body).toBe(200);
    // The same as the first answer: the instructions read the same the second time.
    expect(res.json()).toEqual(asked.json());
    expect(res.json()).toMatchObject({
      status: 'pending',
      amount: '750.25000000',
      bankDetails: platformBankDetails,
    });
  });

  it('follows the request: a completed deposit reads as completed', async () => {
    const customer = await createCustomer(t);
    const asked = await moneyPost(t, customer, '/me/deposits/bank', { amount: '40' });
    const id = asked.json<{ id: string }>().id;
    await settleApproved(t, staff, 'bank_deposit', id, 'completed');
    expect((await readDeposit(customer, id)).json()).toMatchObject({ id, status: 'completed' });
  });

  it('answers 404 for another customer’s deposit, another kind of request or no request', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const asked = await moneyPost(t, owner, '/me/deposits/bank', { amount: '90' });
    const id = asked.json<{ id: string }>().id;
    expect(errorOf(await readDeposit(other, id), 404).code).toBe('NOT_FOUND');
    const cardDeposit = await moneyPost(t, owner, '/me/deposits/card', card);
    const cardId = cardDeposit.json<{ id: string }>().id;
    expect(errorOf(await readDeposit(owner, cardId), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await readDeposit(owner, randomUUID()), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await readDeposit(owner, 'not-an-id'), 400).code).toBe('VALIDATION');
    expect(errorOf(await readDeposit({ cookie: '' }, id), 401).code).toBe('UNAUTHENTICATED');
  });
});

describe('a withdrawal', () => {
  async function withAccount(cash = '500') {
    const customer = await verifiedCustomer(t, { cash });
    return { customer, account: await addBankAccount(t, customer.userId) };
  }

  it('debits the cash at once, pending, with a WTH reference and the bank account', async () => {
    const { customer, account } = await withAccount();
    const res = await withdraw(t, customer, account, '120.50');
    expect(res.statusCode, res.body).toBe(201);
    const withdrawal = res.json();
    expect(withdrawal).toMatchObject({
      type: 'withdrawal',
      status: 'pending',
      amount: '120.50000000',
      bankName: 'Emirates NBD',
      bankAccountNumber: '1012345678901',
    });
    expect(withdrawal.reference).toMatch(reference('WTH'));
    expect(await cashOf(t, customer.userId)).toBe('379.50000000');
    const journal = await journalUnder(withdrawal.reference);
    expect(journal.map((row) => [row.userId, row.kind, row.valueDelta])).toEqual([
      [customer.userId, 'withdrawal', '-120.50000000'],
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);
    expect((await lastMail(t, customer.email))?.subject).toBe(
      'We received your withdrawal request — Secure Vault',
    );
  });

  it('goes only to the customer’s own bank account', async () => {
    const { customer } = await withAccount();
    const { account: theirs } = await withAccount();
    for (const id of [theirs, randomUUID()]) {
      expect(errorOf(await withdraw(t, customer, id, '10'), 404)).toEqual({
        code: 'NOT_FOUND',
        message: 'This bank account was not found.',
      });
    }
    expect(await cashOf(t, customer.userId)).toBe('500.00000000');
  });

  it('refuses more than the cash balance', async () => {
    const { customer, account } = await withAccount('99.99');
    expect(errorOf(await withdraw(t, customer, account, '100'), 422)).toEqual({
      code: 'INSUFFICIENT_CASH',
      message: 'You need $100.00 but only have $99.99 in cash.',
      details: { needed: '100', balance: '99.99' },
    });
    expect(await cashOf(t, customer.userId)).toBe('99.99000000');
    expect((await myTransfers(t, customer)).total).toBe(0);
  });

  it('needs approved KYC, and is refused to impersonating staff', async () => {
    const unverified = await createCustomer(t, { cash: '100' });
    const account = await addBankAccount(t, unverified.userId);
    expect(errorOf(await withdraw(t, unverified, account, '10'), 403).code).toBe('KYC_REQUIRED');
    expect(await cashOf(t, unverified.userId)).toBe('100.00000000');

    const member = await signUpStaff(t);
    const { customer, account: own } = await withAccount();
    const viewing = await impersonated(t, customer, member.userId);
    expect(errorOf(await withdraw(t, viewing, own, '10'), 403).code).toBe(
      'IMPERSONATION_FORBIDDEN',
    );
    expect(await cashOf(t, customer.userId)).toBe('500.00000000');
    // Nor may they cancel one the customer made.
    const pending = (await withdraw(t, customer, own, '10')).json();
    expect(errorOf(await cancelWithdrawal(t, viewing, pending.id), 403).code).toBe(
      'IMPERSONATION_FORBIDDEN',
    );
    expect(await cashOf(t, customer.userId)).toBe('490.00000000');
  });

  it('is cancelled by the customer once, refunded once', async () => {
    const { customer, account } = await withAccount();
    const withdrawal = (await withdraw(t, customer, account, '200')).json();
    const key = randomUUID();
    const res = await moneyPost(
      t,
      customer,
      `/me/withdrawals/${withdrawal.id}/cancel`,
      undefined,
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: withdrawal.id, status: 'cancelled' });
    expect(await cashOf(t, customer.userId)).toBe('500.00000000');
    // The same key replays; a new one finds the request final.
    const replay = await moneyPost(
      t,
      customer,
      `/me/withdrawals/${withdrawal.id}/cancel`,
      undefined,
      key,
    );
    expect(replay.headers[idempotentReplayHeader]).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect(errorOf(await cancelWithdrawal(t, customer, withdrawal.id), 409).code).toBe('CONFLICT');
    expect(await cashOf(t, customer.userId)).toBe('500.00000000');
    const journal = await journalUnder(withdrawal.reference);
    expect(journal.map((row) => [row.kind, row.valueDelta, row.actorId]).sort()).toEqual([
      ['refund', '200.00000000', null],
      ['withdrawal', '-200.00000000', null],
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your withdrawal has been cancelled — Secure Vault');
    expect(mail?.text).toContain('$200.00 is back in your cash balance.');
    const [audit] = await auditRows(t, 'transfer.status_changed', customer.userId);
    expect(audit).toMatchObject({ actorId: customer.userId });
    expect(audit?.details).toMatchObject({ transferId: withdrawal.id, byCustomer: true });
  });

  it('cannot be cancelled by another customer, nor can another request be cancelled as one', async () => {
    const { customer, account } = await withAccount();
    const withdrawal = (await withdraw(t, customer, account, '50')).json();
    const { customer: other } = await withAccount();
    expect(errorOf(await cancelWithdrawal(t, other, withdrawal.id), 404)).toEqual({
      code: 'NOT_FOUND',
      message: 'This request was not found.',
    });
    expect(await cashOf(t, other.userId)).toBe('500.00000000');
    const deposit = (await moneyPost(t, customer, '/me/deposits/card', card)).json();
    expect(errorOf(await cancelWithdrawal(t, customer, deposit.id), 404).code).toBe('NOT_FOUND');
    expect(await cashOf(t, customer.userId)).toBe('450.00000000');
    expect((await storedRow(withdrawal.id))?.status).toBe('pending');
  });

  it('keeps its bank account until it is final', async () => {
    const { customer, account } = await withAccount();
    const withdrawal = (await withdraw(t, customer, account, '50')).json();
    const remove = () => call(t, 'DELETE', `/me/bank-accounts/${account}`, undefined, customer);
    expect(errorOf(await remove(), 409)).toEqual({
      code: 'CONFLICT',
      message: 'A withdrawal to this account is still pending.',
    });
    // Only proposed, it is still pending: the account stays until the approval.
    const proposed = await settle(t, staff, 'withdrawal', withdrawal.id, 'completed');
    expect(proposed.statusCode).toBe(202);
    expect(errorOf(await remove(), 409).code).toBe('CONFLICT');
    const checker = await checkerFor(t, staff);
    const approval = await approveProposal(t, checker, proposed.json<Proposal>().id);
    expect(approval.statusCode, approval.body).toBe(200);
    expect((await remove()).statusCode).toBe(204);
    // The request keeps the bank's name and number as they were.
    expect((await myTransfers(t, customer)).items[0]).toMatchObject({
      id: withdrawal.id,
      status: 'completed',
      bankName: 'Emirates NBD',
      bankAccountNumber: '1012345678901',
    });
  });
});

describe('asset to cash', () => {
  it('is refused above the unlocked holdings’ value; locked ones and cash do not count', async () => {
    const customer = await createCustomer(t, { cash: '1000' });
    await buy(customer, 'AU', '1000');
    const painting = await custodyItem(t, customer.userId, 'Painting', '900', 'artwork');
    await t.ctx.db.update(valuables).set({ status: 'locked' }).where(eq(valuables.id, painting));
    expect(errorOf(await assetToCash(t, customer, '57.01'), 422)).toEqual({
      code: 'INSUFFICIENT_ASSETS',
      message:
        'Insufficient asset balance: your unlocked holdings are worth $57.00, less than $57.01.',
      details: { wanted: '57.01', available: '57' },
    });
    const res = await assetToCash(t, customer, '57');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'asset_to_cash', status: 'pending', reference: null });
    // Nothing moves until staff complete it.
    expect(await cashOf(t, customer.userId)).toBe('943.00000000');
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({ quantity: '1000.00000000' });
  });

  it('completed, converts the largest holdings first; cash rises by exactly the amount', async () => {
    const customer = await createCustomer(t, { cash: '200' });
    await buy(customer, 'BTC', '0.001'); // $115
    await buy(customer, 'AU', '1000'); // $57
    await buy(customer, 'AG', '10000'); // $8.40
    const cashBefore = await cashOf(t, customer.userId);
    const request = (await assetToCash(t, customer, '150.01')).json();
    const { approval, transfer } = await settleApproved(
      t,
      staff,
      'asset_to_cash',
      request.id,
      'completed',
    );
    expect(approval.statusCode, approval.body).toBe(200);
    expect(transfer).toMatchObject({ status: 'completed', reason: null });
    // Bitcoin ($115) goes whole; $35.01 of gold is 614.2105… mg, rounded up to 614.211 mg
    // ($35.010027); silver, the smallest, is untouched.
    expect(await positionOf(t, customer.userId, 'BTC')).toBeUndefined();
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({
      quantity: '385.78900000',
      estimatedValue: '21.98997300',
    });
    expect(await positionOf(t, customer.userId, 'AG')).toMatchObject({
      quantity: '10000.00000000',
    });
    expect(cashBefore).toBe('19.60000000');
    expect(await cashOf(t, customer.userId)).toBe('169.61000000');
    // The sub-cent the customer gave up above the amount is the platform's.
    expect((await platformRoundingOf(t, [request.id])).toString()).toBe('0.000027');
    await expectHoldingsMatchJournal(t, customer.userId);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your asset to cash conversion has been completed — Secure Vault');
    expect(mail?.text).toContain('$150.01 has been added to your cash balance.');
  });

  it('takes part of a custody item’s value, and all of it when needed', async () => {
    const customer = await createCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '200');
    const watch = await custodyItem(t, customer.userId, 'Watch', '50.50');
    const first = (await assetToCash(t, customer, '120')).json();
    const one = await settleApproved(t, staff, 'asset_to_cash', first.id, 'completed');
    expect(one.transfer?.status).toBe('completed');
    let held = await valuablesOf(t, customer.userId);
    expect(held.find((row) => row.id === ring)?.estimatedValue).toBe('80.00000000');
    expect(held.find((row) => row.id === watch)?.estimatedValue).toBe('50.50000000');
    const second = (await assetToCash(t, customer, '130.50')).json();
    const two = await settleApproved(t, staff, 'asset_to_cash', second.id, 'completed');
    expect(two.transfer?.status).toBe('completed');
    held = await valuablesOf(t, customer.userId);
    expect(held.map((row) => row.assetSymbol)).toEqual(['USD']);
    expect(await cashOf(t, customer.userId)).toBe('250.50000000');
    expect((await platformRoundingOf(t, [first.id, second.id])).isZero()).toBe(true);
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('fails, moving nothing, when the holdings were sold before it was completed', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const request = (await assetToCash(t, customer, '50')).json();
    const sold = await trade(t, customer, { side: 'sell', asset: 'AU', quantity: '1000' });
    expect(sold.statusCode).toBe(201);
    const cash = await cashOf(t, customer.userId);
    const { approval, transfer } = await settleApproved(
      t,
      staff,
      'asset_to_cash',
      request.id,
      'completed',
    );
    expect(approval.statusCode, approval.body).toBe(200);
    expect(transfer).toMatchObject({
      status: 'failed',
      reason: 'transfers:reasons.notCovered',
    });
    expect(await cashOf(t, customer.userId)).toBe(cash);
    expect(await journalUnder(request.id)).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(isNull(ledgerEntries.userId), eq(ledgerEntries.reference, request.id))),
    ).toEqual([]);
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your asset to cash conversion has failed — Secure Vault');
    expect(mail?.text).toContain('Reason: Your unlocked holdings no longer cover this amount.');
    // Final is final.
    expect(
      errorOf(await settle(t, staff, 'asset_to_cash', request.id, 'completed'), 409).code,
    ).toBe('CONFLICT');
  });
});
