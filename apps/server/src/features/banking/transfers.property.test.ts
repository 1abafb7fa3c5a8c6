// Property tests (DESIGN §2 invariants, §5 money in, out and across) over random sequences by
// three customers, through the API: buys and sells; transfers between them of a whole valuable,
// part of a traded position, part or all of the cash; card and bank deposits, withdrawals and
// asset-to-cash requests, each left pending for a while and then completed, failed or cancelled
// (by staff, one proposing and another approving, or by the customer for a withdrawal), and
// sometimes decided a second time (refused: a final state is final). After every step: each customer's holdings equal the sums of their
// journal rows; cash is whole cents and never below zero; a refused step changed nothing; the
// platform's rounding account never shrinks; and the total value across the three customers plus
// that account has moved only by the deposits credited less the withdrawals taken out (debited
// at the request, given back when failed or cancelled). Completing asset to cash leaves exactly
// the holdings a model of "largest value first" predicts, or fails with its reason and moves
// nothing.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { Dec, dec, isWholeCents, sum } from '@secure-vault/shared/money';
import { ledgerEntries } from '../../db/vault-schema.ts';
import type { Proposal } from '@secure-vault/shared/approvals';
import { approveProposal, checkerFor, staffChange, transferOf } from '../../test/approvals.ts';
import type { Customer } from '../../test/customers.ts';
import {
  addBankAccount,
  assetToCash,
  cancelWithdrawal,
  cardDeposit,
  createStaffMember,
  moneyPost,
  sendTransfer,
  settle,
  verifiedCustomer,
  withdraw,
} from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  trade,
  valuablesOf,
  wealthOf,
} from '../../test/trading.ts';

let t: TestApp;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffMember(t);
});
afterAll(() => t.close());

const customerCount = 3;
const symbols = ['AU', 'AG', 'BTC', 'XRP', 'SHIB'] as const;

const who = fc.nat({ max: customerCount - 1 });
/** Per mille of what is held: 1000 is all of it, above that more than is held. */
const share = fc.integer({ min: 1, max: 1050 });
// Completed twice as often as each other outcome: it is the one that moves the most.
const finalStatus = fc.constantFrom(
  'completed' as const,
  'completed' as const,
  'failed' as const,
  'cancelled' as const,
  // A withdrawal cancelled by its customer; for other requests, staff cancel.
  'customerCancel' as const,
);

// Weighted so that a run mostly moves things that are there: transfers and decisions on the
// pending requests come often, new requests less so.
const operation = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('buy' as const),
      who,
      asset: fc.constantFrom(...symbols),
      // Per mille of the cash, as a total in whole cents.
      share,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('sell' as const), who, pick: fc.nat(), share }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      from: who,
      // The receiver is one of the other two.
      to: fc.integer({ min: 1, max: customerCount - 1 }),
      what: fc.constantFrom('cash' as const, 'position' as const, 'item' as const),
      whole: fc.boolean(),
      pick: fc.nat(),
      share,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      who,
      by: fc.constantFrom('card' as const, 'bank' as const),
      cents: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('withdraw' as const), who, share }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('toCash' as const),
      who,
      share,
      // Completed by staff at once; otherwise left pending for a later step to decide.
      completeNow: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('settle' as const),
      pick: fc.nat(),
      status: finalStatus,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('settleAgain' as const),
      pick: fc.nat(),
      status: finalStatus,
    }),
  },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface Request {
  id: string;
  type: 'card_deposit' | 'bank_deposit' | 'withdrawal' | 'asset_to_cash';
  who: number;
  amount: Dec;
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
}

/** What the model expects the total to have moved by, besides rounding. */
interface Model {
  requests: Request[];
  credited: Dec;
  withdrawn: Dec;
}

const codeOf = (res: LightMyRequestResponse): string | undefined =>
  res.statusCode >= 400 ? res.json<{ error: { code: string } }>().error.code : undefined;

/** The answer was a refusal with one of these codes. */
function expectRefused(res: LightMyRequestResponse, codes: string[], step: string) {
  expect([400, 409, 422], `${step}: ${res.body}`).toContain(res.statusCode);
  expect(codes, `${step}: ${res.body}`).toContain(codeOf(res));
}

const centsOf = (value: Dec) => value.toDecimalPlaces(2, Dec.ROUND_DOWN);
const cents = (value: Dec) => {
  const whole = centsOf(value);
  // Nothing to take a share of: ask for a cent anyway, which must be refused.
  return (whole.isZero() ? dec('0.01') : whole).toFixed(2);
};

async function platformRounding(): Promise<Dec> {
  const [row] = await t.ctx.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.valueDelta}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, 'rounding'));
  return dec(row?.total ?? '0');
}

async function journalSize(customers: Customer[]): Promise<number> {
  let rows = 0;
  for (const customer of customers) {
    rows += (
      await t.ctx.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, customer.userId))
    ).length;
  }
  return rows;
}

async function activeOf(userId: string) {
  return (await valuablesOf(t, userId)).filter((row) => row.status === 'active');
}

type Holding = Awaited<ReturnType<typeof valuablesOf>>[number];

/** The customer's unlocked holdings asset to cash may take: largest value first, as SQL orders. */
async function convertible(userId: string): Promise<Holding[]> {
  return (await activeOf(userId))
    .filter((row) => row.assetSymbol !== 'USD' && dec(row.estimatedValue ?? '0').gt(0))
    .map((row) => ({ ...row, updatedAt: new Date(0) }))
    .sort(largestFirst);
}

function largestFirst(a: Holding, b: Holding): number {
  return dec(b.estimatedValue!).comparedTo(a.estimatedValue!) || (a.id < b.id ? -1 : 1);
}

/**
 * What completing asset to cash for `amount` leaves (DESIGN §5): holdings are taken largest
 * value first; a holding worth no more than what is left goes whole, the next gives up part — a
 * listed position the quantity worth at least what is left, rounded up to its step; a custody
 * item that much of its value — and the rest are untouched.
 */
function afterConversion(holdings: Holding[], amount: Dec): Holding[] {
  let left = amount;
  const kept: Holding[] = [];
  for (const row of holdings) {
    const value = dec(row.estimatedValue!);
    if (left.lte(0)) {
      kept.push(row);
    } else if (value.lte(left)) {
      left = left.minus(value);
    } else {
      const asset = row.assetSymbol ? findAsset(row.assetSymbol) : undefined;
      if (asset) {
        const taken = left
          .dividedBy(asset.price)
          .toDecimalPlaces(quantityDecimals(asset), Dec.ROUND_UP);
        const quantity = dec(row.quantity!).minus(taken);
        kept.push({
          ...row,
          quantity: quantity.toFixed(8),
          estimatedValue: quantity.times(asset.price).toFixed(8),
        });
      } else {
        kept.push({ ...row, estimatedValue: value.minus(left).toFixed(8) });
      }
      left = dec(0);
    }
  }
  return kept.sort(largestFirst);
}

/** Staff (or, cancelling a withdrawal, its customer) make a pending request final. */
async function decide(
  request: Request,
  decision: 'completed' | 'failed' | 'cancelled' | 'customerCancel',
  customers: Customer[],
  model: Model,
  step: string,
): Promise<void> {
  const customer = customers[request.who]!;
  const cashBefore = dec(await cashOf(t, customer.userId));
  const holdingsBefore = await convertible(customer.userId);
  const byCustomer = decision === 'customerCancel' && request.type === 'withdrawal';
  const status = decision === 'customerCancel' ? 'cancelled' : decision;
  let answered;
  if (byCustomer) {
    const res = await cancelWithdrawal(t, customer, request.id);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    answered = res.json();
  } else {
    // Proposed, nothing moves; approved by a second staff member, the decision is made.
    const res = await settle(t, staff, request.type, request.id, status, 'Checked by the test');
    expect(res.statusCode, `${step}: ${res.body}`).toBe(202);
    expect(await cashOf(t, customer.userId), step).toBe(cashBefore.toFixed(8));
    const checker = await checkerFor(t, staff);
    const approval = await approveProposal(t, checker, res.json<Proposal>().id);
    expect(approval.statusCode, `${step}: ${approval.body}`).toBe(200);
    answered = await transferOf(t, request.id);
  }
  expect(answered?.id).toBe(request.id);
  if (!answered) return;
  let credit = dec(0);
  if (request.type === 'asset_to_cash' && status === 'completed') {
    // Completed, or failed because the holdings no longer cover it: nothing moved then.
    expect(['completed', 'failed']).toContain(answered.status);
    if (answered.status === 'failed') {
      expect(answered.reason).toBe('transfers:reasons.notCovered');
      expect(sum(holdingsBefore.map((row) => row.estimatedValue!)).lt(request.amount)).toBe(true);
      expect(await convertible(customer.userId)).toEqual(holdingsBefore);
    } else {
      credit = request.amount;
      expect(await convertible(customer.userId), step).toEqual(
        afterConversion(holdingsBefore, request.amount),
      );
    }
  } else {
    expect(answered.status).toBe(status);
    if (status === 'completed' && request.type !== 'withdrawal') {
      credit = request.amount;
      model.credited = model.credited.plus(request.amount);
    }
    if (status !== 'completed' && request.type === 'withdrawal') {
      credit = request.amount;
      model.withdrawn = model.withdrawn.minus(request.amount);
    }
  }
  request.status = answered.status;
  expect(await cashOf(t, customer.userId), step).toBe(cashBefore.plus(credit).toFixed(8));
}

/** Applies one step; returns whether it was refused (then nothing may have changed). */
async function apply(
  op: Operation,
  customers: Customer[],
  accounts: string[],
  model: Model,
): Promise<boolean> {
  const step = JSON.stringify(op);
  switch (op.type) {
    case 'buy': {
      const customer = customers[op.who]!;
      const cash = dec(await cashOf(t, customer.userId));
      const res = await trade(t, customer, {
        side: 'buy',
        asset: op.asset,
        total: cents(cash.times(op.share).dividedBy(1000)),
      });
      if (res.statusCode === 201) return false;
      expectRefused(res, ['INSUFFICIENT_CASH', 'QUANTITY_INVALID', 'BELOW_MINIMUM'], step);
      return true;
    }
    case 'sell': {
      const customer = customers[op.who]!;
      const positions = (await activeOf(customer.userId)).filter(
        (row) => row.assetSymbol && row.assetSymbol !== 'USD',
      );
      const position = positions[op.pick % Math.max(1, positions.length)];
      const asset = findAsset(position?.assetSymbol ?? 'AU')!;
      const places = quantityDecimals(asset);
      const quantity = dec(position?.quantity ?? '0')
        .times(op.share)
        .dividedBy(1000)
        .toDecimalPlaces(places, Dec.ROUND_DOWN);
      const step1 = dec(1).dividedBy(dec(10).pow(places));
      const res = await trade(t, customer, {
        side: 'sell',
        asset: asset.symbol,
        quantity: (quantity.isZero() ? step1 : quantity).toFixed(places),
      });
      if (res.statusCode === 201) return false;
      expectRefused(res, ['INSUFFICIENT_HOLDING', 'QUANTITY_INVALID', 'BELOW_MINIMUM'], step);
      return true;
    }
    case 'transfer': {
      const sender = customers[op.from]!;
      const receiver = customers[(op.from + op.to) % customerCount]!;
      const held = await activeOf(sender.userId);
      const candidates = held.filter((row) =>
        op.what === 'cash'
          ? row.assetSymbol === 'USD'
          : op.what === 'position'
            ? row.assetSymbol && row.assetSymbol !== 'USD'
            : !row.assetSymbol,
      );
      const item = candidates[op.pick % Math.max(1, candidates.length)];
      if (!item) return true;
      let quantity: string | undefined;
      if (!op.whole && op.what === 'cash') {
        quantity = cents(
          dec(item.estimatedValue ?? '0')
            .times(op.share)
            .dividedBy(1000),
        );
      } else if (!op.whole && op.what === 'position') {
        const places = quantityDecimals(findAsset(item.assetSymbol!)!);
        const part = dec(item.quantity ?? '0')
          .times(op.share)
          .dividedBy(1000)
          .toDecimalPlaces(places, Dec.ROUND_DOWN);
        quantity = (part.isZero() ? dec(1).dividedBy(dec(10).pow(places)) : part).toFixed(places);
      }
      const [senderBefore, receiverBefore] = await Promise.all([
        wealthOf(t, sender.userId),
        wealthOf(t, receiver.userId),
      ]);
      const res = await sendTransfer(t, sender, receiver, item.id, quantity);
      if (res.statusCode !== 201) {
        expectRefused(
          res,
          ['INSUFFICIENT_CASH', 'INSUFFICIENT_HOLDING', 'QUANTITY_INVALID'],
          `${step} ${quantity}`,
        );
        return true;
      }
      const moved = dec(res.json().amount);
      expect(res.json().status).toBe('completed');
      // What the sender lost the receiver gained: the value the answer names, to the decimal.
      expect((await wealthOf(t, sender.userId)).toFixed(8), step).toBe(
        senderBefore.minus(moved).toFixed(8),
      );
      expect((await wealthOf(t, receiver.userId)).toFixed(8), step).toBe(
        receiverBefore.plus(moved).toFixed(8),
      );
      return false;
    }
    case 'deposit': {
      const customer = customers[op.who]!;
      const amount = dec(op.cents).dividedBy(100).toFixed(2);
      const res =
        op.by === 'card'
          ? await cardDeposit(t, customer, amount)
          : await moneyPost(t, customer, '/me/deposits/bank', { amount });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('pending');
      expect(res.json().reference).toMatch(/^TXN\d+$/);
      model.requests.push({
        id: res.json().id,
        type: op.by === 'card' ? 'card_deposit' : 'bank_deposit',
        who: op.who,
        amount: dec(amount),
        status: 'pending',
      });
      return false;
    }
    case 'withdraw': {
      const customer = customers[op.who]!;
      const cashBefore = dec(await cashOf(t, customer.userId));
      const amount = cents(cashBefore.times(op.share).dividedBy(1000));
      const res = await withdraw(t, customer, accounts[op.who]!, amount);
      if (res.statusCode !== 201) {
        expectRefused(res, ['INSUFFICIENT_CASH'], `${step} ${amount}`);
        return true;
      }
      expect(res.json().reference).toMatch(/^WTH\d+$/);
      // Debited at once.
      expect(await cashOf(t, customer.userId)).toBe(cashBefore.minus(amount).toFixed(8));
      model.withdrawn = model.withdrawn.plus(amount);
      model.requests.push({
        id: res.json().id,
        type: 'withdrawal',
        who: op.who,
        amount: dec(amount),
        status: 'pending',
      });
      return false;
    }
    case 'toCash': {
      const customer = customers[op.who]!;
      const available = sum(
        (await activeOf(customer.userId))
          .filter((row) => row.assetSymbol !== 'USD' && dec(row.estimatedValue ?? '0').gt(0))
          .map((row) => row.estimatedValue ?? '0'),
      );
      const amount = cents(available.times(op.share).dividedBy(1000));
      const res = await assetToCash(t, customer, amount);
      if (res.statusCode !== 201) {
        expectRefused(res, ['INSUFFICIENT_ASSETS'], `${step} ${amount} of ${available.toFixed(8)}`);
        return true;
      }
      const request: Request = {
        id: res.json().id,
        type: 'asset_to_cash',
        who: op.who,
        amount: dec(amount),
        status: 'pending',
      };
      model.requests.push(request);
      if (op.completeNow) await decide(request, 'completed', customers, model, step);
      return false;
    }
    case 'settle': {
      const pending = model.requests.filter((request) => request.status === 'pending');
      const request = pending[op.pick % Math.max(1, pending.length)];
      if (!request) return true;
      await decide(request, op.status, customers, model, step);
      return false;
    }
    case 'settleAgain': {
      const final = model.requests.filter((request) => request.status !== 'pending');
      const request = final[op.pick % Math.max(1, final.length)];
      if (!request) return true;
      const res =
        op.status === 'customerCancel' && request.type === 'withdrawal'
          ? await cancelWithdrawal(t, customers[request.who]!, request.id)
          : await settle(
              t,
              staff,
              request.type,
              request.id,
              op.status === 'customerCancel' ? 'cancelled' : op.status,
            );
      // A final state is final.
      expect(res.statusCode, `${step}: ${res.body}`).toBe(409);
      expect(codeOf(res)).toBe('CONFLICT');
      return true;
    }
  }
}

/**
 * Always tried first: asset to cash for everything, then the custody item sent away, so
 * completing it finds the holdings short (failed with the reason, nothing moved) and a second
 * decision is refused; then a withdrawal its customer cancels and a bank deposit completed.
 */
const notCovered: Operation[] = [
  { type: 'toCash', who: 0, share: 1000, completeNow: false },
  { type: 'transfer', from: 0, to: 1, what: 'item', whole: true, pick: 0, share: 1000 },
  { type: 'settle', pick: 0, status: 'completed' },
  { type: 'settleAgain', pick: 0, status: 'completed' },
  { type: 'withdraw', who: 0, share: 500 },
  { type: 'settle', pick: 0, status: 'customerCancel' },
  { type: 'deposit', who: 1, by: 'bank', cents: 12_345 },
  { type: 'settle', pick: 0, status: 'completed' },
];

describe('random money movements between customers', () => {
  it('keep holdings equal to the journal, cash whole and above zero, and value conserved', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 500_000 }), {
          minLength: customerCount,
          maxLength: customerCount,
        }),
        fc.array(operation, { minLength: 4, maxLength: 18 }),
        async (startCents, operations) => {
          const customers: Customer[] = [];
          const accounts: string[] = [];
          for (const [i, startingCents] of startCents.entries()) {
            const customer = await verifiedCustomer(t, {
              cash: startingCents > 0 ? dec(startingCents).dividedBy(100).toFixed(2) : '0.01',
            });
            // A custody item each, added by staff (journaled), so whole valuables can move.
            const added = await staffChange(t, staff, 'POST', '/admin/valuables', {
              userId: customer.userId,
              itemName: `Heirloom ${i}`,
              itemType: 'jewelry',
              estimatedValue: dec(startingCents % 9973)
                .dividedBy(100)
                .plus(1)
                .toFixed(2),
            });
            expect(added.status).toBe('approved');
            // And a traded position each, when there is a dollar to spend, so parts can move.
            if (startingCents >= 100) {
              const bought = await trade(t, customer, {
                side: 'buy',
                asset: symbols[i % symbols.length],
                total: dec(startingCents).times(0.4).dividedBy(100).toFixed(2),
              });
              expect(bought.statusCode, bought.body).toBe(201);
            }
            customers.push(customer);
            accounts.push(await addBankAccount(t, customer.userId));
          }
          const model: Model = { requests: [], credited: dec(0), withdrawn: dec(0) };
          const total = async () =>
            sum(await Promise.all(customers.map((c) => wealthOf(t, c.userId)))).plus(
              await platformRounding(),
            );
          const totalAtStart = await total();
          let rounding = await platformRounding();
          for (const op of operations) {
            const rowsBefore = await journalSize(customers);
            const refused = await apply(op, customers, accounts, model);
            const step = JSON.stringify(op);
            if (refused) expect(await journalSize(customers), step).toBe(rowsBefore);
            for (const customer of customers) {
              const cash = await cashOf(t, customer.userId);
              expect(dec(cash).isNegative(), step).toBe(false);
              expect(isWholeCents(cash), `${step}: ${cash}`).toBe(true);
              await expectHoldingsMatchJournal(t, customer.userId);
            }
            expect((await total()).toFixed(8), step).toBe(
              totalAtStart.plus(model.credited).minus(model.withdrawn).toFixed(8),
            );
            // The platform only ever gains the sub-cent; it never pays it.
            const roundingNow = await platformRounding();
            expect(roundingNow.gte(rounding), step).toBe(true);
            rounding = roundingNow;
          }
        },
      ),
      { numRuns: 25, examples: [[[100_000, 50_000, 0], [...notCovered]]] },
    );
    // Each staff decision is two calls now (proposed, then approved): room for 25 runs.
  }, 300_000);
});
