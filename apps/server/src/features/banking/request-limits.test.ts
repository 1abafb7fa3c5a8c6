// The deposit and withdrawal limits (README "Deposit and withdrawal limits"): one request may be
// at most the per-request limit, and a customer's pending and completed requests of one kind in
// the last 24 hours at most the daily limit; a refusal names the limit (and what is left) in its
// details and moves nothing; a replayed request is answered, not counted twice; the limits and
// what is left are served to the forms; and the configuration refuses a daily limit below one
// request's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  addBankAccount,
  cancelWithdrawal,
  cardDeposit,
  moneyPost,
  verifiedCustomer,
  withdraw,
} from '../../test/money-movements.ts';
import { createTestApp, manualClock, testConfig, type TestApp } from '../../test/test-app.ts';
import { cashOf } from '../../test/trading.ts';
import { api } from '../../test/vault.ts';
import { myTransfers } from './transfer-test-support.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      DEPOSIT_LIMIT_USD: '1000',
      DEPOSIT_DAILY_LIMIT_USD: '1500',
      WITHDRAWAL_LIMIT_USD: '500',
      WITHDRAWAL_DAILY_LIMIT_USD: '800.50',
    },
  });
});
afterAll(() => t.close());

const day = 24 * 3_600_000;

type Answer = Awaited<ReturnType<typeof cardDeposit>>;

function refusal(res: Answer) {
  expect(res.statusCode, res.body).toBe(422);
  return res.json<{ error: { code: string; message: string; details?: unknown } }>().error;
}

const bankDeposit = (customer: Customer, amount: string, key?: string) =>
  moneyPost(t, customer, '/me/deposits/bank', { amount }, key);

const limitsOf = async (customer: Customer) =>
  (await api(t, 'GET', '/me/limits', undefined, customer.cookie)).json();

describe('deposits', () => {
  it('refuse one over the per-request limit, card and bank alike, naming the limit', async () => {
    const customer = await createCustomer(t);
    for (const res of [
      await cardDeposit(t, customer, '1000.01'),
      await bankDeposit(customer, '1000.01'),
      // The newcomer's billion-dollar card deposit.
      await cardDeposit(t, customer, '1000000000'),
    ]) {
      const error = refusal(res);
      expect(error.code).toBe('OVER_REQUEST_LIMIT');
      expect(error.details).toEqual({ kind: 'deposit', limit: '1000.00' });
    }
    expect((await myTransfers(t, customer)).total).toBe(0);
    expect((await cardDeposit(t, customer, '1000.00')).statusCode).toBe(201);
  });

  it('count card and bank deposits of the last 24 hours against the daily limit', async () => {
    const customer = await createCustomer(t);
    expect((await cardDeposit(t, customer, '1000')).statusCode).toBe(201);
    clock.advance(day / 2);
    expect((await bankDeposit(customer, '499.99')).statusCode).toBe(201);
    const error = refusal(await cardDeposit(t, customer, '0.02'));
    expect(error.code).toBe('OVER_DAILY_LIMIT');
    expect(error.details).toEqual({ kind: 'deposit', limit: '1500.00', remaining: '0.01' });
    expect((await cardDeposit(t, customer, '0.01')).statusCode).toBe(201);
    expect((await limitsOf(customer)).deposit).toEqual({
      perRequest: '1000.00',
      daily: '1500.00',
      usedToday: '1500.00',
      remainingToday: '0.00',
    });
    // 24 hours after the first, its share is free again; the later two still count.
    clock.advance(day / 2 + 1);
    expect((await limitsOf(customer)).deposit.remainingToday).toBe('1000.00');
    expect(refusal(await cardDeposit(t, customer, '1000.01')).code).toBe('OVER_REQUEST_LIMIT');
    expect((await cardDeposit(t, customer, '1000')).statusCode).toBe(201);
    expect((await myTransfers(t, customer)).total).toBe(4);
  });

  it('answer a replay of an accepted deposit with its first answer once the limit is used', async () => {
    const customer = await createCustomer(t);
    const key = randomUUID();
    const first = await bankDeposit(customer, '1000', key);
    expect(first.statusCode).toBe(201);
    expect((await bankDeposit(customer, '500')).statusCode).toBe(201);
    const again = await bankDeposit(customer, '1000', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('sent at once, pass the daily limit no further than one after another would', async () => {
    const customer = await createCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => cardDeposit(t, customer, '600')),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(2);
    for (const res of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refusal(res).code).toBe('OVER_DAILY_LIMIT');
    }
    expect((await limitsOf(customer)).deposit.usedToday).toBe('1200.00');
  });
});

describe('withdrawals', () => {
  it('are limited per request and per 24 hours; a refusal debits nothing', async () => {
    const customer = await verifiedCustomer(t, { cash: '5000' });
    const account = await addBankAccount(t, customer.userId);
    let error = refusal(await withdraw(t, customer, account, '500.01'));
    expect(error.code).toBe('OVER_REQUEST_LIMIT');
    expect(error.details).toEqual({ kind: 'withdrawal', limit: '500.00' });
    expect((await withdraw(t, customer, account, '500')).statusCode).toBe(201);
    const second = await withdraw(t, customer, account, '300');
    expect(second.statusCode).toBe(201);
    error = refusal(await withdraw(t, customer, account, '0.51'));
    expect(error.code).toBe('OVER_DAILY_LIMIT');
    expect(error.details).toEqual({ kind: 'withdrawal', limit: '800.50', remaining: '0.50' });
    expect(await cashOf(t, customer.userId)).toBe('4200.00000000');
    // A cancelled withdrawal gave its cash back and no longer counts.
    expect((await cancelWithdrawal(t, customer, second.json<{ id: string }>().id)).statusCode).toBe(
      200,
    );
    expect((await limitsOf(customer)).withdrawal).toEqual({
      perRequest: '500.00',
      daily: '800.50',
      usedToday: '500.00',
      remainingToday: '300.50',
    });
    expect((await withdraw(t, customer, account, '300.50')).statusCode).toBe(201);
  });

  it('do not count against deposits, nor deposits against them', async () => {
    const customer = await verifiedCustomer(t, { cash: '5000' });
    const account = await addBankAccount(t, customer.userId);
    expect((await withdraw(t, customer, account, '500')).statusCode).toBe(201);
    expect((await cardDeposit(t, customer, '1000')).statusCode).toBe(201);
    const limits = await limitsOf(customer);
    expect(limits.deposit.usedToday).toBe('1000.00');
    expect(limits.withdrawal.usedToday).toBe('500.00');
  });
});

describe('the limits', () => {
  it('are served to a signed-in customer only', async () => {
    const customer = await createCustomer(t);
    expect(await limitsOf(customer)).toEqual({
      deposit: {
        perRequest: '1000.00',
        daily: '1500.00',
        usedToday: '0.00',
        remainingToday: '1500.00',
      },
      withdrawal: {
        perRequest: '500.00',
        daily: '800.50',
        usedToday: '0.00',
        remainingToday: '800.50',
      },
    });
    expect((await api(t, 'GET', '/me/limits')).statusCode).toBe(401);
  });

  it('default to $50,000 a request and $100,000 a day, and refuse a daily limit below one request', () => {
    expect(testConfig().requestLimits).toEqual({
      deposit: { perRequest: '50000.00', daily: '100000.00' },
      withdrawal: { perRequest: '50000.00', daily: '100000.00' },
    });
    expect(() =>
      testConfig({ DEPOSIT_LIMIT_USD: '2000', DEPOSIT_DAILY_LIMIT_USD: '1000' }),
    ).toThrow(/DEPOSIT_DAILY_LIMIT_USD/);
    expect(() => testConfig({ WITHDRAWAL_LIMIT_USD: '12.345' })).toThrow(/WITHDRAWAL_LIMIT_USD/);
    expect(() => testConfig({ DEPOSIT_LIMIT_USD: '0' })).toThrow(/DEPOSIT_LIMIT_USD/);
  });
});
