// Each customer movement tells the customer's other pages exactly what its contract says it
// changes (`changes`, packages/shared/src/changes.ts): the web app refetches by the same
// declaration after its own call, so a topic sent but not declared, or declared but not sent,
// leaves one of the two views stale.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Contract } from '@secure-vault/shared/contract';
import { allContracts } from '@secure-vault/shared/contracts';
import { realtimeTopics } from '@secure-vault/shared/realtime';
import type { Notice } from '../db/notices.ts';
import { custodyItem } from '../features/banking/transfer-test-support.ts';
import type { Customer } from '../test/customers.ts';
import {
  addBankAccount,
  assetToCash,
  cancelWithdrawal,
  cardDeposit,
  cashIdOf,
  moneyPost,
  sendTransfer,
  verifiedCustomer,
  withdraw,
} from '../test/money-movements.ts';
import { listenToNotices, type NoticeListener } from '../test/notices.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { positionOf, swap, trade } from '../test/trading.ts';

let t: TestApp;
let customer: Customer;
let receiver: Customer;
let listener: NoticeListener;
let heard: Notice[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await verifiedCustomer(t, { cash: '10000' });
  receiver = await verifiedCustomer(t);
  listener = await listenToNotices(t.ctx.database);
  heard = listener.heard;
}, 60_000);
afterAll(async () => {
  await listener.stop();
  await t.close();
});

/** The movements: contracts a customer calls with an Idempotency-Key. */
const movements = allContracts.filter((c) => c.access === 'user' && c.idempotent);

function contractOf(method: string, path: string): Contract {
  const found = movements.find((c) => c.method === method && c.path === `/api/v1${path}`);
  if (!found) throw new Error(`no customer movement ${method} ${path}`);
  return found;
}

/**
 * The topics the customer's pages were told of while `act` ran: a marker sent after it arrives
 * after everything sent before it (one sender per process, its sends in order).
 */
async function topicsOf(act: () => Promise<unknown>): Promise<string[]> {
  heard.length = 0;
  await act();
  const marker = randomUUID();
  t.ctx.database.publish([{ userId: marker, topic: 'valuables' }]);
  await expect.poll(() => heard.some((n) => n.userId === marker)).toBe(true);
  return [...new Set(heard.filter((n) => n.userId === customer.userId).map((n) => n.topic))].sort();
}

const exercised = new Set<Contract>();

/** Runs the movement (which must succeed) and holds its notices to its contract's `changes`. */
async function expectDeclared(
  method: string,
  path: string,
  act: () => Promise<{ statusCode: number; body: string }>,
): Promise<void> {
  const contract = contractOf(method, path.replace(/[0-9a-f-]{36}/, ':id'));
  exercised.add(contract);
  let status = 0;
  const topics = await topicsOf(async () => {
    const res = await act();
    status = res.statusCode;
    expect(res.statusCode, res.body).toBe(contract.status);
  });
  expect(status).toBe(contract.status);
  const declared = (contract.changes ?? [])
    .filter((topic): topic is (typeof realtimeTopics)[number] =>
      (realtimeTopics as readonly string[]).includes(topic),
    )
    .sort();
  expect(topics, `${method} ${path}`).toEqual(declared);
}

describe('each customer movement', () => {
  it('sends exactly the realtime topics its contract declares', async () => {
    await expectDeclared('POST', '/trades', () =>
      trade(t, customer, { side: 'buy', asset: 'AU', quantity: '2000' }),
    );
    await expectDeclared('POST', '/swaps', () =>
      swap(t, customer, { from: 'AU', to: 'AG', quantity: '100' }),
    );
    const cash = await cashIdOf(t, customer.userId);
    await expectDeclared('POST', '/transfers', () =>
      sendTransfer(t, customer, receiver, cash, '1.00'),
    );
    await expectDeclared('POST', '/me/deposits/card', () => cardDeposit(t, customer, '50'));
    await expectDeclared('POST', '/me/deposits/bank', () =>
      moneyPost(t, customer, '/me/deposits/bank', { amount: '50' }),
    );
    const bankAccountId = await addBankAccount(t, customer.userId);
    let withdrawalId = '';
    await expectDeclared('POST', '/me/withdrawals', async () => {
      const res = await withdraw(t, customer, bankAccountId, '10');
      withdrawalId = res.json<{ id: string }>().id;
      return res;
    });
    await expectDeclared('POST', `/me/withdrawals/${withdrawalId}/cancel`, () =>
      cancelWithdrawal(t, customer, withdrawalId),
    );
    await expectDeclared('POST', '/me/asset-to-cash', () => assetToCash(t, customer, '5'));
    const ring = await custodyItem(t, customer.userId, 'Diamond ring', '2500.00');
    await expectDeclared('POST', '/me/fixed-terms', () =>
      moneyPost(t, customer, '/me/fixed-terms', { valuableId: ring, months: 1 }),
    );
    const gold = await positionOf(t, customer.userId, 'AU');
    let deliveryId = '';
    await expectDeclared('POST', '/me/deliveries', async () => {
      const res = await moneyPost(t, customer, '/me/deliveries', {
        valuableId: gold?.id,
        quantity: '100',
        recipientName: 'Layla Haddad',
        recipientEmail: 'layla@example.com',
        recipientPhone: '+971501234567',
        recipientAddress: 'Villa 12, Frond K\nPalm Jumeirah, Dubai',
      });
      deliveryId = res.json<{ id: string }>().id;
      return res;
    });
    await expectDeclared('POST', `/me/deliveries/${deliveryId}/cancel`, () =>
      moneyPost(t, customer, `/me/deliveries/${deliveryId}/cancel`),
    );
    await expectDeclared('POST', '/me/orders', () =>
      moneyPost(t, customer, '/me/orders', {
        symbol: 'BTC',
        side: 'buy',
        quantity: '0.0001',
        limitPrice: '1000',
        goodUntil: null,
      }),
    );

    // A new movement must be added here, or its topics go unchecked.
    expect(movements.filter((c) => !exercised.has(c)).map((c) => `${c.method} ${c.path}`)).toEqual(
      [],
    );
  }, 120_000);

  it('a refused movement sends nothing', async () => {
    const topics = await topicsOf(async () => {
      const res = await trade(t, customer, { side: 'buy', asset: 'BTC', quantity: '1000' });
      expect(res.statusCode).toBe(422);
    });
    expect(topics).toEqual([]);
  });
});
