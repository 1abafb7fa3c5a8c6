// A movement's receipt (GET /me/history/:id): the same lines and figures as the history list and
// its CSV, the transfer's or request's state and its other side masked, and nothing of anyone
// else's: another customer's id, an unknown one and a malformed one are the same 404. Staff
// signed in as the customer read it as the customer does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '@secure-vault/shared/history';
import { groupMovements, type Movement } from '@secure-vault/shared/history-movements';
import type { HistoryReceipt } from '@secure-vault/shared/history-receipt';
import { wholeCents } from '@secure-vault/shared/history-receipt';
import { usdText } from '@secure-vault/shared/contract-schemas';
import { call, sessionCookie } from '../../test/auth-helpers.ts';
import type { Customer } from '../../test/customers.ts';
import {
  addBankAccount,
  cashIdOf,
  createStaffMember,
  sendTransfer,
  verifiedCustomer,
  withdraw,
} from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { swap, trade } from '../../test/trading.ts';

const hour = 60 * 60_000;
const clock = manualClock(new Date('2026-11-10T09:00:00Z'));
let t: TestApp;
let sender: Customer;
let receiver: Customer;
let staff: Customer;

beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaffMember(t);
  sender = await verifiedCustomer(t, { cash: '1000', label: 'sender' });
  receiver = await verifiedCustomer(t, { label: 'receiver' });
  const steps = [
    () => trade(t, sender, { side: 'buy', asset: 'AU', total: '100' }),
    () => trade(t, sender, { side: 'buy', asset: 'ETH', total: '10' }),
    () => swap(t, sender, { from: 'ETH', to: 'BTC', quantity: '0.001' }),
    async () => sendTransfer(t, sender, receiver, await cashIdOf(t, sender.userId), '25'),
    async () => withdraw(t, sender, await addBankAccount(t, sender.userId), '40'),
  ];
  for (const step of steps) {
    clock.advance(hour);
    const res = await step();
    if (res.statusCode !== 201) throw new Error(res.body);
  }
}, 60_000);
afterAll(() => t.close());

const receipt = (cookie: string, id: string) =>
  call(t, 'GET', `/me/history/${id}`, undefined, { cookie });

async function movementsOf(customer: Customer): Promise<Movement[]> {
  const res = await call(t, 'GET', '/me/history?limit=200', undefined, {
    cookie: customer.cookie,
  });
  expect(res.statusCode).toBe(200);
  return groupMovements(res.json<HistoryPage>().entries);
}

async function receiptOf(customer: Customer, kind: Movement['kind']): Promise<HistoryReceipt> {
  const movement = (await movementsOf(customer)).find((each) => each.kind === kind);
  if (!movement) throw new Error(`no ${kind} in the history`);
  const res = await receipt(customer.cookie, movement.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Staff open a session as the customer from their own browser; returns its cookie. */
async function signInAs(customer: Customer): Promise<string> {
  const link = await call(t, 'POST', `/admin/users/${customer.userId}/impersonate`, undefined, {
    cookie: staff.cookie,
  });
  expect(link.statusCode, link.body).toBe(200);
  const token = link.json<{ actionLink: string }>().actionLink.split('#token=')[1] ?? '';
  const res = await call(
    t,
    'POST',
    '/auth/impersonation/complete',
    { token },
    {
      cookie: staff.cookie,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res) ?? '';
}

describe('GET /me/history/:id', () => {
  it('answers every movement of the list with its lines and figures, as the list and the CSV show them', async () => {
    const movements = await movementsOf(sender);
    expect(movements.map((movement) => movement.kind)).toEqual([
      'withdrawal',
      'transfer_out',
      'swap',
      'buy',
      'buy',
      'deposit',
    ]);
    for (const movement of movements) {
      const res = await receipt(sender.cookie, movement.id);
      expect(res.statusCode, res.body).toBe(200);
      const answer: HistoryReceipt = res.json();
      expect(answer).toMatchObject({
        id: movement.id,
        kind: movement.kind,
        createdAt: movement.createdAt,
        reference: movement.legs[0]?.reference ?? null,
      });
      // The same legs; a trade's asset line, priced in the list from the answer, as an answer is.
      const legs = (legs: Movement['legs']) =>
        legs.map((leg) => ({ ...leg, valueDelta: usdText(leg.valueDelta) }));
      expect(legs(answer.lines.map(({ quantity: _, cents: __, ...leg }) => leg))).toEqual(
        legs(movement.legs),
      );
      expect(answer.lines.map((line) => line.cents)).toEqual(
        movement.legs.map((leg) => wholeCents(leg.valueDelta)),
      );
    }
  });

  it('gives a trade its price on both lines, in cents, and the quantity in the asset’s decimals', async () => {
    const buy = await receiptOf(sender, 'buy');
    expect(buy.status).toBe('completed');
    expect(buy.transfer).toBeNull();
    const [asset, cash] = buy.lines;
    expect(cash).toMatchObject({ assetSymbol: 'USD', quantity: null });
    expect(dollars(asset?.cents)).toBe(-dollars(cash?.cents));
    const decimals = asset?.assetSymbol === 'AU' ? 3 : 8;
    expect(asset?.quantity).toMatch(new RegExp(`^\\d+\\.\\d{${decimals}}$`));
  });

  it("shows a transfer's state and its other side masked, to the sender and to the receiver", async () => {
    const sent = await receiptOf(sender, 'transfer_out');
    expect(sent).toMatchObject({
      status: 'completed',
      lines: [{ assetSymbol: 'USD', cents: '-25.00' }],
      transfer: {
        type: 'asset_transfer',
        status: 'completed',
        direction: 'out',
        counterpartyAccount: `•••• ${receiver.accountNumber.slice(-4)}`,
      },
    });
    expect(sent.transfer?.counterpartyName).toBeTruthy();
    expect(JSON.stringify(sent)).not.toContain(receiver.accountNumber);
    expect(JSON.stringify(sent)).not.toContain('Amira Nour Haddad');

    const received = await receiptOf(receiver, 'transfer_in');
    expect(received).toMatchObject({
      reference: sent.reference,
      lines: [{ assetSymbol: 'USD', cents: '25.00' }],
      transfer: { direction: 'in', counterpartyAccount: `•••• ${sender.accountNumber.slice(-4)}` },
    });
    expect(JSON.stringify(received)).not.toContain(sender.accountNumber);
  });

  it("shows a pending withdrawal as pending, with its bank's number masked", async () => {
    const withdrawal = await receiptOf(sender, 'withdrawal');
    expect(withdrawal).toMatchObject({
      status: 'pending',
      lines: [{ assetSymbol: 'USD', cents: '-40.00' }],
      transfer: { type: 'withdrawal', status: 'pending', bankAccount: '•••• 8901' },
    });
    expect(withdrawal.reference).toMatch(/^WTH/);
    expect(JSON.stringify(withdrawal)).not.toContain('1012345678901');
  });

  it("answers another customer's id, an unknown id and a malformed one with the same 404", async () => {
    const [own] = await movementsOf(sender);
    const ids = [
      own!.id,
      randomUUID(),
      'nonsense',
      '1',
      `${own!.id}x`,
      encodeURIComponent("' or 1=1 --"),
      '%00',
      // The longest a parameter may be; past it the router answers 414 on every route alike.
      'x'.repeat(100),
    ];
    const answers = [];
    for (const id of ids) {
      const res = await receipt(receiver.cookie, id);
      expect(res.statusCode, id).toBe(404);
      answers.push(res.json());
    }
    expect(answers[0]).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // The owner's own malformed and unknown ids are no different.
    expect((await receipt(sender.cookie, randomUUID())).json()).toEqual(answers[0]);
    expect((await receipt(sender.cookie, 'nonsense')).json()).toEqual(answers[0]);
  });

  it('shows staff signed in as the customer the receipt the customer sees', async () => {
    const movements = await movementsOf(sender);
    const cookie = await signInAs(sender);
    for (const movement of movements.slice(0, 3)) {
      const mine = await receipt(sender.cookie, movement.id);
      const theirs = await receipt(cookie, movement.id);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.json()).toEqual(mine.json());
    }
    // Not another customer's, even then.
    const [received] = await movementsOf(receiver);
    expect((await receipt(cookie, received!.id)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const [own] = await movementsOf(sender);
    expect((await call(t, 'GET', `/me/history/${own!.id}`)).statusCode).toBe(401);
  });
});

function dollars(cents: string | undefined): number {
  return Number(cents);
}
