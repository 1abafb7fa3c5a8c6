// Property tests of dual control (DESIGN §4, decision 018) over random sequences through the
// API: three staff members propose cash, custody intakes, edits and removals of valuables, book
// balances and decisions on card deposits for two or three customers; any of the three approves,
// rejects or withdraws any proposal (its maker included); and the customers ask for deposits and
// buy assets meanwhile. A model applies only the approvals that succeeded. After every step each
// customer's cash, custody items and positions equal the model's — no value appears or leaves
// without an approved proposal — holdings equal their journal, and the journal rows staff made
// on each customer are exactly one per approved change, each by its checker; the maker's own
// approvals and rejections are always refused, and a decided proposal stays as it was decided.
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import { Dec, dec } from '@secure-vault/shared/money';
import { staffProposals } from '../../db/approvals-schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { approveProposal, rejectProposal, withdrawProposal } from '../../test/approvals.ts';
import type { Customer } from '../../test/customers.ts';
import {
  cardDeposit,
  createStaffMember,
  settle,
  verifiedCustomer,
} from '../../test/money-movements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectHoldingsMatchJournal, trade, valuablesOf } from '../../test/trading.ts';
import { keyedApi } from '../../test/vault.ts';

let t: TestApp;
const staff: Customer[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 3; i++) staff.push(await createStaffMember(t));
});
afterAll(() => t.close());

type Response = LightMyRequestResponse;

const codeOf = (res: Response): string | undefined =>
  res.statusCode >= 400 ? res.json<{ error?: { code?: string } }>().error?.code : undefined;

// ---------------------------------------------------------------------------------------------
// Operations.

const member = fc.nat({ max: 2 });
/** A customer, taken modulo how many the run has. */
const who = fc.nat({ max: 2 });
const cents = fc.integer({ min: 1, max: 500_000 });
const assets = ['AU', 'AG', 'BTC'] as const;

const operation = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('cashAdd' as const), maker: member, who, cents }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('intake' as const), maker: member, who, cents }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      maker: member,
      who,
      pick: fc.nat(),
      cents,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('delete' as const),
      maker: member,
      who,
      pick: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('book' as const), maker: member, who, cents }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('settle' as const),
      maker: member,
      pick: fc.nat(),
      completed: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('decide' as const),
      by: member,
      pick: fc.nat(),
      // Mostly one still waiting; sometimes any, so decided ones are tried again.
      among: fc.constantFrom(
        'pending' as const,
        'pending' as const,
        'pending' as const,
        'all' as const,
      ),
      // Approved most often: it is the one that moves value.
      decision: fc.constantFrom(
        'approve' as const,
        'approve' as const,
        'reject' as const,
        'withdraw' as const,
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deposit' as const), who, cents }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('buy' as const),
      who,
      asset: fc.constantFrom(...assets),
      // Per mille of the cash.
      share: fc.integer({ min: 1, max: 1000 }),
    }),
  },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// The model.

interface Position {
  id: string;
  quantity: Dec;
  value: Dec;
}

interface Account {
  customer: Customer;
  cash: Dec;
  /** The cash position's id, as the database has it (null once staff removed it). */
  cashId: string | null;
  /** Custody items by id. */
  items: Map<string, { name: string; value: Dec }>;
  /** Traded positions by asset. */
  positions: Map<string, Position>;
}

interface Request {
  id: string;
  who: number;
  amount: Dec;
  status: 'pending' | 'completed' | 'failed';
}

type Effect =
  | { kind: 'cashAdd'; amount: Dec }
  | { kind: 'intake'; name: string; value: Dec }
  | {
      kind: 'edit';
      valuableId: string;
      what: 'cash' | 'item';
      name: string;
      before: Dec;
      after: Dec;
    }
  | {
      kind: 'delete';
      valuableId: string;
      what: 'cash' | 'item' | 'position';
      before: Dec;
      beforeQuantity: Dec | null;
    }
  | { kind: 'book'; amount: Dec }
  | { kind: 'decision'; request: Request; completed: boolean };

interface ModelProposal {
  id: string;
  maker: number;
  who: number;
  /** The valuable or request it names: one pending proposal each. */
  target: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  checker: number | null;
  effect: Effect;
}

interface Model {
  accounts: Account[];
  requests: Request[];
  proposals: ModelProposal[];
  /** Journal rows staff made, by customer and by staff member: one per approved change. */
  staffRows: Map<string, number>[];
  /** How often the maker's own approval or rejection was refused (they must be). */
  makerRefusals: number;
}

const rowsKey = (staffIndex: number) => staff[staffIndex]!.userId;

const centsOf = (n: number) => dec(n).dividedBy(100);

/** Whether the valuable a change names is still as it was proposed (approval checks it). */
function stillAsProposed(
  effect: Extract<Effect, { kind: 'edit' | 'delete' }>,
  account: Account,
): 'same' | 'gone' | 'changed' {
  if (effect.what === 'cash') {
    if (account.cashId !== effect.valuableId) return 'gone';
    return account.cash.eq(effect.before) ? 'same' : 'changed';
  }
  if (effect.what === 'item') {
    const item = account.items.get(effect.valuableId);
    if (!item) return 'gone';
    return item.value.eq(effect.before) ? 'same' : 'changed';
  }
  const position = [...account.positions.values()].find((p) => p.id === effect.valuableId);
  if (!position) return 'gone';
  const beforeQuantity = 'beforeQuantity' in effect ? effect.beforeQuantity : null;
  return position.value.eq(effect.before) && position.quantity.eq(beforeQuantity ?? 0)
    ? 'same'
    : 'changed';
}

/** The customer's active valuables a staff change may name, in a stable order. */
function valuablesIn(account: Account) {
  const all: {
    id: string;
    what: 'cash' | 'item' | 'position';
    value: Dec;
    quantity: Dec | null;
    name: string;
  }[] = [];
  if (account.cashId) {
    all.push({
      id: account.cashId,
      what: 'cash',
      value: account.cash,
      quantity: null,
      name: 'Cash',
    });
  }
  for (const [id, item] of account.items) {
    all.push({ id, what: 'item', value: item.value, quantity: null, name: item.name });
  }
  for (const [symbol, position] of account.positions) {
    all.push({
      id: position.id,
      what: 'position',
      value: position.value,
      quantity: position.quantity,
      name: symbol,
    });
  }
  return all.sort((a, b) => (a.id < b.id ? -1 : 1));
}

const hasPending = (model: Model, target: string) =>
  model.proposals.some((p) => p.status === 'pending' && p.target === target);

/** A proposal the model expected, recorded from the 202. */
function proposed(
  model: Model,
  res: Response,
  step: string,
  proposal: Omit<ModelProposal, 'id' | 'status' | 'checker'>,
): void {
  expect(res.statusCode, `${step}: ${res.body}`).toBe(202);
  const answer = res.json<Proposal>();
  expect(answer).toMatchObject({ status: 'pending', maker: { id: staff[proposal.maker]!.userId } });
  model.proposals.push({ ...proposal, id: answer.id, status: 'pending', checker: null });
}

function expectConflict(res: Response, step: string) {
  expect(res.statusCode, `${step}: ${res.body}`).toBe(409);
  expect(codeOf(res)).toBe('CONFLICT');
}

// ---------------------------------------------------------------------------------------------
// Applying a step.

async function apply(op: Operation, model: Model): Promise<void> {
  const step = JSON.stringify(op);
  const accountOf = (index: number) => model.accounts[index % model.accounts.length]!;
  switch (op.type) {
    case 'cashAdd': {
      const account = accountOf(op.who);
      const amount = centsOf(op.cents);
      const res = await keyedApi(
        t,
        'POST',
        '/admin/valuables',
        {
          userId: account.customer.userId,
          itemName: 'Cash',
          itemType: 'cash',
          estimatedValue: amount.toFixed(2),
        },
        staff[op.maker]!.cookie,
      );
      proposed(model, res, step, {
        maker: op.maker,
        who: model.accounts.indexOf(account),
        target: null,
        effect: { kind: 'cashAdd', amount },
      });
      return;
    }
    case 'intake': {
      const account = accountOf(op.who);
      const value = centsOf(op.cents);
      const name = `Heirloom ${model.proposals.length}`;
      const res = await keyedApi(
        t,
        'POST',
        '/admin/valuables',
        {
          userId: account.customer.userId,
          itemName: name,
          itemType: 'jewelry',
          estimatedValue: value.toFixed(2),
        },
        staff[op.maker]!.cookie,
      );
      proposed(model, res, step, {
        maker: op.maker,
        who: model.accounts.indexOf(account),
        target: null,
        effect: { kind: 'intake', name, value },
      });
      return;
    }
    case 'edit': {
      const account = accountOf(op.who);
      const candidates = valuablesIn(account);
      const target = candidates[op.pick % Math.max(1, candidates.length)];
      if (!target) return;
      let after = centsOf(op.cents);
      // A change that changes nothing is not a change: a cent more.
      if (after.eq(target.value)) after = after.plus('0.01');
      const res = await keyedApi(
        t,
        'PATCH',
        `/admin/valuables/${target.id}`,
        {
          itemName: target.name,
          itemType: target.what === 'cash' ? 'cash' : 'jewelry',
          estimatedValue: after.toFixed(2),
        },
        staff[op.maker]!.cookie,
      );
      if (target.what === 'position') {
        // A traded position's value follows its quantity: staff may only remove it.
        expect(res.statusCode, `${step}: ${res.body}`).toBe(422);
        expect(codeOf(res)).toBe('UNPROCESSABLE');
        return;
      }
      if (hasPending(model, target.id)) return expectConflict(res, step);
      proposed(model, res, step, {
        maker: op.maker,
        who: model.accounts.indexOf(account),
        target: target.id,
        effect: {
          kind: 'edit',
          valuableId: target.id,
          what: target.what,
          name: target.name,
          before: target.value,
          after,
        },
      });
      return;
    }
    case 'delete': {
      const account = accountOf(op.who);
      const candidates = valuablesIn(account);
      const target = candidates[op.pick % Math.max(1, candidates.length)];
      if (!target) return;
      const res = await keyedApi(
        t,
        'DELETE',
        `/admin/valuables/${target.id}`,
        undefined,
        staff[op.maker]!.cookie,
      );
      if (hasPending(model, target.id)) return expectConflict(res, step);
      proposed(model, res, step, {
        maker: op.maker,
        who: model.accounts.indexOf(account),
        target: target.id,
        effect: {
          kind: 'delete',
          valuableId: target.id,
          what: target.what,
          before: target.value,
          beforeQuantity: target.quantity,
        },
      });
      return;
    }
    case 'book': {
      const account = accountOf(op.who);
      const index = model.accounts.indexOf(account);
      const amount = centsOf(op.cents);
      const res = await keyedApi(
        t,
        'PUT',
        `/admin/users/${account.customer.userId}/book-balance`,
        { bookBalance: amount.toFixed(2) },
        staff[op.maker]!.cookie,
      );
      // A new book balance replaces the one pending: its proposal is withdrawn.
      for (const p of model.proposals) {
        if (p.status === 'pending' && p.who === index && p.effect.kind === 'book') {
          p.status = 'withdrawn';
        }
      }
      proposed(model, res, step, {
        maker: op.maker,
        who: index,
        target: account.customer.userId,
        effect: { kind: 'book', amount },
      });
      return;
    }
    case 'settle': {
      const pending = model.requests.filter((r) => r.status === 'pending');
      const request = pending[op.pick % Math.max(1, pending.length)];
      if (!request) return;
      const res = await settle(
        t,
        staff[op.maker]!,
        'card_deposit',
        request.id,
        op.completed ? 'completed' : 'failed',
        'No payment received',
      );
      if (hasPending(model, request.id)) return expectConflict(res, step);
      proposed(model, res, step, {
        maker: op.maker,
        who: request.who,
        target: request.id,
        effect: { kind: 'decision', request, completed: op.completed },
      });
      return;
    }
    case 'decide': {
      const among =
        op.among === 'all'
          ? model.proposals
          : model.proposals.filter((p) => p.status === 'pending');
      const proposal = among[op.pick % Math.max(1, among.length)];
      if (!proposal) return;
      const decider = staff[op.by]!;
      const res =
        op.decision === 'approve'
          ? await approveProposal(t, decider, proposal.id)
          : op.decision === 'reject'
            ? await rejectProposal(t, decider, proposal.id, 'Not confirmed')
            : await withdrawProposal(t, decider, proposal.id);
      if (proposal.status !== 'pending') return expectConflict(res, step);
      const isMaker = op.by === proposal.maker;
      if (op.decision === 'withdraw') {
        if (!isMaker) {
          expect(res.statusCode, `${step}: ${res.body}`).toBe(403);
          expect(codeOf(res)).toBe('FORBIDDEN');
          return;
        }
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ status: 'withdrawn', checker: null });
        proposal.status = 'withdrawn';
        return;
      }
      if (isMaker) {
        expect(res.statusCode, `${step}: ${res.body}`).toBe(403);
        expect(codeOf(res)).toBe('SAME_STAFF');
        model.makerRefusals += 1;
        return;
      }
      if (op.decision === 'reject') {
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ status: 'rejected', checker: { id: decider.userId } });
        proposal.status = 'rejected';
        proposal.checker = op.by;
        return;
      }
      await approved(model, proposal, op.by, res, step);
      return;
    }
    case 'deposit': {
      const account = accountOf(op.who);
      const amount = centsOf(op.cents);
      const res = await cardDeposit(t, account.customer, amount.toFixed(2));
      expect(res.statusCode, `${step}: ${res.body}`).toBe(201);
      model.requests.push({
        id: res.json<{ id: string }>().id,
        who: model.accounts.indexOf(account),
        amount,
        status: 'pending',
      });
      return;
    }
    case 'buy': {
      const account = accountOf(op.who);
      const total = account.cash.times(op.share).dividedBy(1000).toDecimalPlaces(2, Dec.ROUND_DOWN);
      if (total.lte(0)) return;
      const res = await trade(t, account.customer, {
        side: 'buy',
        asset: op.asset,
        total: total.toFixed(2),
      });
      if (res.statusCode !== 201) {
        expect([400, 422], `${step}: ${res.body}`).toContain(res.statusCode);
        expect(['INSUFFICIENT_CASH', 'BELOW_MINIMUM', 'QUANTITY_INVALID']).toContain(codeOf(res));
        return;
      }
      const bought = res.json<{ quantity: string; value: string; total: string }>();
      account.cash = account.cash.minus(bought.total);
      const held = account.positions.get(op.asset);
      account.positions.set(op.asset, {
        // The id is read back below when the position is new.
        id: held?.id ?? '',
        quantity: (held?.quantity ?? dec(0)).plus(bought.quantity),
        value: (held?.value ?? dec(0)).plus(bought.value),
      });
      return;
    }
  }
}

/** An approval by `by` (not the maker) of a pending proposal: takes effect, or is refused stale. */
async function approved(
  model: Model,
  proposal: ModelProposal,
  by: number,
  res: Response,
  step: string,
): Promise<void> {
  const account = model.accounts[proposal.who]!;
  const { effect } = proposal;
  if (effect.kind === 'edit' || effect.kind === 'delete') {
    const state = stillAsProposed(effect, account);
    if (state !== 'same') {
      // The valuable moved since: refused, and the proposal waits to be rejected or withdrawn.
      expect(res.statusCode, `${step}: ${res.body}`).toBe(state === 'gone' ? 404 : 409);
      return;
    }
  }
  expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  expect(res.json()).toMatchObject({ status: 'approved', checker: { id: staff[by]!.userId } });
  proposal.status = 'approved';
  proposal.checker = by;
  let journaled = true;
  switch (effect.kind) {
    case 'cashAdd':
    case 'book':
      account.cash = account.cash.plus(effect.amount);
      break;
    case 'intake': {
      const rows = await valuablesOf(t, account.customer.userId);
      const item = rows.find((row) => row.itemName === effect.name);
      expect(item, step).toBeDefined();
      account.items.set(item!.id, { name: effect.name, value: effect.value });
      break;
    }
    case 'edit':
      if (effect.what === 'cash') account.cash = effect.after;
      else account.items.set(effect.valuableId, { name: effect.name, value: effect.after });
      break;
    case 'delete':
      if (effect.what === 'cash') account.cash = dec(0);
      else if (effect.what === 'item') account.items.delete(effect.valuableId);
      else {
        for (const [symbol, position] of account.positions) {
          if (position.id === effect.valuableId) account.positions.delete(symbol);
        }
      }
      break;
    case 'decision':
      effect.request.status = effect.completed ? 'completed' : 'failed';
      if (effect.completed) account.cash = account.cash.plus(effect.request.amount);
      // A failed deposit moves nothing: no journal row.
      journaled = effect.completed;
      break;
  }
  if (journaled) {
    const rows = model.staffRows[proposal.who]!;
    rows.set(rowsKey(by), (rows.get(rowsKey(by)) ?? 0) + 1);
  }
}

// ---------------------------------------------------------------------------------------------
// Checking the database against the model.

/** Reads back the ids the database gave (a cash position, a new position). */
async function syncIds(account: Account): Promise<void> {
  const rows = await valuablesOf(t, account.customer.userId);
  account.cashId = rows.find((row) => row.assetSymbol === 'USD')?.id ?? null;
  for (const [symbol, position] of account.positions) {
    position.id = rows.find((row) => row.assetSymbol === symbol)?.id ?? position.id;
  }
}

async function expectAsModelled(model: Model, step: string): Promise<void> {
  for (const [index, account] of model.accounts.entries()) {
    const { userId } = account.customer;
    const rows = await valuablesOf(t, userId);
    const actual = {
      cash: dec(rows.find((row) => row.assetSymbol === 'USD')?.estimatedValue ?? '0').toFixed(8),
      items: Object.fromEntries(
        rows
          .filter((row) => row.assetSymbol === null)
          .map((row) => [row.id, dec(row.estimatedValue ?? '0').toFixed(8)]),
      ),
      positions: Object.fromEntries(
        rows
          .filter((row) => row.assetSymbol !== null && row.assetSymbol !== 'USD')
          .map((row) => [
            row.assetSymbol,
            {
              quantity: dec(row.quantity ?? '0').toFixed(8),
              value: dec(row.estimatedValue ?? '0').toFixed(8),
            },
          ]),
      ),
    };
    const expected = {
      cash: account.cash.toFixed(8),
      items: Object.fromEntries(
        [...account.items].map(([id, item]) => [id, item.value.toFixed(8)]),
      ),
      positions: Object.fromEntries(
        [...account.positions].map(([symbol, p]) => [
          symbol,
          { quantity: p.quantity.toFixed(8), value: p.value.toFixed(8) },
        ]),
      ),
    };
    expect(actual, `customer ${index} after ${step}`).toEqual(expected);
    await expectHoldingsMatchJournal(t, userId);
    // The journal rows staff made: one per approved change, each naming its checker.
    const byStaff = await t.ctx.db
      .select({ actorId: ledgerEntries.actorId, rows: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), isNotNull(ledgerEntries.actorId)))
      .groupBy(ledgerEntries.actorId);
    expect(
      Object.fromEntries(byStaff.map((row) => [row.actorId, row.rows])),
      `customer ${index}'s staff journal rows after ${step}`,
    ).toEqual(Object.fromEntries(model.staffRows[index]!));
  }
}

/** Every proposal as the model has it: decided once, never by its maker. */
async function expectProposalsAsModelled(model: Model): Promise<void> {
  if (model.proposals.length === 0) return;
  const rows = await t.ctx.db
    .select({
      id: staffProposals.id,
      status: staffProposals.status,
      makerId: staffProposals.makerId,
      checkerId: staffProposals.checkerId,
    })
    .from(staffProposals)
    .where(
      inArray(
        staffProposals.id,
        model.proposals.map((p) => p.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const proposal of model.proposals) {
    const row = byId.get(proposal.id);
    expect(row).toMatchObject({
      status: proposal.status,
      makerId: staff[proposal.maker]!.userId,
      checkerId: proposal.checker === null ? null : staff[proposal.checker]!.userId,
    });
    expect(row?.checkerId).not.toBe(row?.makerId);
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Always tried first: every kind of proposal on one customer, each first approved by its maker
 * (refused), then a stale edit, a withdrawn and a rejected proposal, a superseded book balance.
 */
const everyKind: Operation[] = [
  { type: 'deposit', who: 0, cents: 12_345 },
  { type: 'cashAdd', maker: 0, who: 0, cents: 50_000 },
  { type: 'decide', by: 0, pick: 0, decision: 'approve', among: 'all' },
  { type: 'decide', by: 1, pick: 0, decision: 'approve', among: 'all' },
  { type: 'intake', maker: 1, who: 0, cents: 250_000 },
  { type: 'decide', by: 2, pick: 1, decision: 'approve', among: 'all' },
  { type: 'edit', maker: 2, who: 0, pick: 0, cents: 10_000 },
  { type: 'buy', who: 0, asset: 'AU', share: 500 },
  // Stale if the edit named the cash, which the purchase moved.
  { type: 'decide', by: 0, pick: 2, decision: 'approve', among: 'all' },
  { type: 'decide', by: 2, pick: 2, decision: 'withdraw', among: 'all' },
  { type: 'settle', maker: 0, pick: 0, completed: true },
  { type: 'decide', by: 0, pick: 3, decision: 'approve', among: 'all' },
  { type: 'decide', by: 2, pick: 3, decision: 'approve', among: 'all' },
  { type: 'book', maker: 1, who: 1, cents: 777 },
  { type: 'book', maker: 2, who: 1, cents: 888 },
  { type: 'decide', by: 1, pick: 4, decision: 'approve', among: 'all' },
  { type: 'decide', by: 0, pick: 5, decision: 'reject', among: 'all' },
  { type: 'book', maker: 0, who: 1, cents: 999 },
  { type: 'decide', by: 1, pick: 6, decision: 'approve', among: 'all' },
  { type: 'delete', maker: 1, who: 0, pick: 1 },
  { type: 'decide', by: 0, pick: 7, decision: 'approve', among: 'all' },
  { type: 'delete', maker: 1, who: 0, pick: 0 },
  { type: 'decide', by: 2, pick: 8, decision: 'approve', among: 'all' },
];

describe('random staff proposals, decisions and customer actions', () => {
  it('move value only through approvals by a second staff member, each once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 2, maxLength: 3 }),
        fc.array(operation, { minLength: 4, maxLength: 24 }),
        async (startCents, operations) => {
          const model: Model = {
            accounts: [],
            requests: [],
            proposals: [],
            staffRows: [],
            makerRefusals: 0,
          };
          for (const start of startCents) {
            const cash = centsOf(start);
            const customer = await verifiedCustomer(t, {
              ...(start > 0 ? { cash: cash.toFixed(2) } : {}),
            });
            const account: Account = {
              customer,
              cash,
              cashId: null,
              items: new Map(),
              positions: new Map(),
            };
            await syncIds(account);
            model.accounts.push(account);
            model.staffRows.push(new Map());
          }
          for (const op of operations) {
            await apply(op, model);
            for (const account of model.accounts) await syncIds(account);
            await expectAsModelled(model, JSON.stringify(op));
          }
          await expectProposalsAsModelled(model);
        },
      ),
      { numRuns: 20, examples: [[[10_000, 0], everyKind]] },
    );
  }, 600_000);
});
