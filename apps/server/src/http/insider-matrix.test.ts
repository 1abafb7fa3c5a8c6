// The insider matrix (DESIGN §4 "Dual control", SECURITY.md "Insiders"): every staff operation
// that changes something about one customer × the account it names — the staff member's own, a
// colleague's, a customer's while the caller was signed in as that customer, a customer's — with
// the refusal or acceptance each must answer, and, for the operations that make a proposal, who
// may approve it. Generated from the contracts like the access matrix, so a new staff operation
// that changes state fails here until it has a row saying what it does to each of them.
//
// "Own account" and "another staff account" are customers who became staff (what `npm run
// admin` does to an existing account): their valuables, requests, deliveries, KYC and proposals
// were made while they were customers, through the same routes a customer uses.
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@secure-vault/shared/approvals';
import type { Contract } from '@secure-vault/shared/contract';
import { allContracts } from '@secure-vault/shared/contracts';
import { dec } from '@secure-vault/shared/money';
import { staffProposals } from '../db/approvals-schema.ts';
import { ledgerEntries } from '../db/vault-schema.ts';
import {
  addDocuments,
  completeAnswers,
  confirmPhone,
  saveDraft,
  submit,
} from '../features/kyc/test-support.ts';
import { call, enableTwoFactor, grantAdmin, sessionCookie } from '../test/auth-helpers.ts';
import {
  approveProposal,
  checkerFor,
  rejectProposal,
  staffChange,
  withdrawProposal,
} from '../test/approvals.ts';
import { createCustomer, type Customer } from '../test/customers.ts';
import {
  cardDeposit,
  createStaffMember,
  moneyPost,
  settle,
  verifiedCustomer,
} from '../test/money-movements.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  expectHoldingsMatchJournal,
  positionOf,
  trade,
  valuablesOf,
  wealthOf,
} from '../test/trading.ts';
import { keyedApi } from '../test/vault.ts';

let t: TestApp;
/** The staff member whose calls the matrix sends (unless the row's target is the caller). */
let actor: Customer;
/** Another staff member: makes the proposals the decision rows decide, and approves the actor's. */
let clerk: Customer;
beforeAll(async () => {
  t = await createTestApp();
  actor = await createStaffMember(t);
  clerk = await createStaffMember(t);
});
afterAll(() => t.close());

type Response = LightMyRequestResponse;

const errorCode = (res: Response): string | undefined =>
  res.statusCode >= 400 ? res.json<{ error?: { code?: string } }>().error?.code : undefined;

// ---------------------------------------------------------------------------------------------
// The operations: every staff contract that changes state, and what it names.

const name = (contract: Pick<Contract, 'method' | 'path'>) => `${contract.method} ${contract.path}`;

/** What a path segment before a parameter (or a body field) names. */
const collections: Record<string, Subject> = {
  users: 'user',
  kyc: 'user',
  valuables: 'valuable',
  transfers: 'request',
  deliveries: 'delivery',
  proposals: 'proposal',
};
type Subject = 'user' | 'valuable' | 'request' | 'delivery' | 'proposal';

/**
 * The customer-owned thing a staff operation acts on: what its path parameters name (the
 * collection before them), or the body's `userId`; undefined when it names none.
 */
function subjectOf(contract: Contract): Subject | undefined {
  const segments = contract.path.split('/');
  const named = segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return undefined;
      // `/transfers/:type/:id`: the collection is the last segment that is not a parameter.
      const collection = segments
        .slice(0, i)
        .reverse()
        .find((s) => !s.startsWith(':'));
      return collection === undefined ? undefined : collections[collection];
    })
    .filter((subject): subject is Subject => subject !== undefined);
  if (named.length > 0) return named[named.length - 1];
  const shape = (contract.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && 'userId' in shape ? 'user' : undefined;
}

const staffChanges = allContracts.filter(
  (contract) => contract.access === 'admin' && contract.method !== 'GET',
);
/** The staff changes that act on nothing of a customer's, and why they need no row. */
const actOnNoCustomer: Record<string, string> = {
  'POST /api/v1/admin/mail/:id/resend':
    'queues a message the mailer gave up for another attempt, to whom it was for; no account changes',
  'POST /api/v1/admin/prices/:symbol':
    "proposes a price for the book, which no one's account is: approving it is another staff " +
    "member's, as features/prices/staff-prices.test.ts shows",
};
const insiderOperations = staffChanges.filter((contract) => subjectOf(contract) !== undefined);

// ---------------------------------------------------------------------------------------------
// The table.

const targets = ['own', 'staff', 'impersonated', 'customer'] as const;
type Target = (typeof targets)[number];
const targetNames: Record<Target, string> = {
  own: 'on their own account',
  staff: 'on another staff account',
  impersonated: 'on what they made while signed in as the customer',
  customer: 'on a customer',
};

type Expected =
  /** Accepted with this status. */
  | { answer: 200 | 201 | 202 | 204 }
  /** Refused 403 with this code (FORBIDDEN: only a proposal's maker withdraws it). */
  | { refused: 'OWN_ACCOUNT' | 'STAFF_ACCOUNT' | 'SAME_STAFF' | 'FORBIDDEN' }
  /** The thing cannot even be made that way: `prepare` is refused with this code. */
  | { refusedEarlier: 'IMPERSONATION_FORBIDDEN' | 'SAME_STAFF'; why: string }
  /** Nothing of the kind exists for this target. */
  | { notApplicable: string };

/** What `prepare` made on the owner's account, for `send` to name. */
type Made = Record<string, string>;

interface Row {
  subject: Subject;
  /** The account the target's thing is on (a verified customer unless said). */
  owner?: (t: TestApp) => Promise<Customer>;
  /**
   * Makes the thing the operation names on `owner`'s account, through `owner.cookie` — the
   * caller's own session as the customer in the impersonated case — and staff as needed.
   */
  prepare?: (owner: Customer) => Promise<Made>;
  /** Sends the operation as `caller` (the owner themselves for the own-account target). */
  send: (caller: Customer, owner: Customer, made: Made) => Promise<Response>;
  expected: Record<Target, Expected>;
}

/** Thrown by `prepare` when the customer's side is refused. */
class Refused extends Error {
  readonly res: Response;
  constructor(res: Response) {
    super(`refused ${res.statusCode}: ${res.body}`);
    this.res = res;
  }
}

function accepted(res: Response, status: number, what: string): Response {
  if (res.statusCode !== status) {
    if (res.statusCode === 403) throw new Refused(res);
    throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  }
  return res;
}

/** A custody item on the owner's account through an approved intake; returns its id. */
async function custodyItem(owner: Customer, value = '2500.00'): Promise<string> {
  const itemName = `Ring ${owner.userId.slice(0, 8)} ${Math.random().toString(36).slice(2, 8)}`;
  await staffChange(t, clerk, 'POST', '/admin/valuables', {
    userId: owner.userId,
    itemName,
    itemType: 'jewelry',
    estimatedValue: value,
  });
  const item = (await valuablesOf(t, owner.userId)).find((row) => row.itemName === itemName);
  if (!item) throw new Error('the approved intake left no item');
  return item.id;
}

/** A pending card deposit of the owner's (made in `owner.cookie`'s session); returns its id. */
async function pendingDeposit(owner: Customer, amount = '250.00'): Promise<string> {
  const res = accepted(await cardDeposit(t, owner, amount), 201, 'card deposit');
  return res.json<{ id: string }>().id;
}

/** A pending delivery of a custody item of the owner's; returns its id. */
async function pendingDelivery(owner: Customer): Promise<string> {
  const valuableId = await custodyItem(owner, '300.00');
  const res = await moneyPost(t, owner, '/me/deliveries', {
    valuableId,
    recipientName: 'Owner',
    recipientEmail: owner.email,
    recipientPhone: '+971501234567',
    recipientAddress: '1 Palm Street, Dubai',
  });
  return accepted(res, 201, 'delivery').json<{ id: string }>().id;
}

/** A proposal by `maker` completing a pending card deposit of the owner's; returns its id. */
async function pendingProposal(owner: Customer, maker: Customer): Promise<string> {
  const deposit = await pendingDeposit(owner);
  const res = await settle(t, maker, 'card_deposit', deposit, 'completed');
  return accepted(res, 202, 'proposal').json<Proposal>().id;
}

/** Own account and another staff account refused as such; the rest said by the row. */
const insiders = (rest: Pick<Record<Target, Expected>, 'impersonated' | 'customer'>) =>
  ({
    own: { refused: 'OWN_ACCOUNT' },
    staff: { refused: 'STAFF_ACCOUNT' },
    ...rest,
  }) satisfies Record<Target, Expected>;

/** Staff signed in as the customer cannot ask for a delivery, so none is theirs to act on. */
const noImpersonatedDelivery: Expected = {
  refusedEarlier: 'IMPERSONATION_FORBIDDEN',
  why: 'staff signed in as the customer cannot ask for a delivery',
};

const put = (caller: Customer, url: string, body: unknown) =>
  keyedApi(t, 'PUT', url, body, caller.cookie);

const table: Record<string, Row> = {
  'POST /api/v1/admin/valuables': {
    subject: 'user',
    send: (caller, owner) =>
      keyedApi(
        t,
        'POST',
        '/admin/valuables',
        { userId: owner.userId, itemName: 'Cash', itemType: 'cash', estimatedValue: '750.00' },
        caller.cookie,
      ),
    expected: insiders({
      impersonated: { notApplicable: 'a new valuable is made by the proposal itself' },
      customer: { answer: 202 },
    }),
  },
  'PATCH /api/v1/admin/valuables/:id': {
    subject: 'valuable',
    prepare: async (owner) => ({ valuable: await custodyItem(owner) }),
    send: (caller, _owner, made) =>
      keyedApi(
        t,
        'PATCH',
        `/admin/valuables/${made.valuable}`,
        { itemName: 'Ring, revalued', itemType: 'jewelry', estimatedValue: '2600.00' },
        caller.cookie,
      ),
    expected: insiders({
      impersonated: {
        notApplicable:
          'a session as the customer makes only traded positions, which staff may delete but not edit',
      },
      customer: { answer: 202 },
    }),
  },
  'DELETE /api/v1/admin/valuables/:id': {
    subject: 'valuable',
    prepare: async (owner) => {
      // Cash through an approved intake, and gold bought with it in the owner's session: in the
      // impersonated case, a position the caller bought while signed in as the customer.
      await staffChange(t, clerk, 'POST', '/admin/valuables', {
        userId: owner.userId,
        itemName: 'Cash',
        itemType: 'cash',
        estimatedValue: '1000.00',
      });
      accepted(await trade(t, owner, { side: 'buy', asset: 'AU', total: '100.00' }), 201, 'buy');
      const gold = await positionOf(t, owner.userId, 'AU');
      if (!gold) throw new Error('the purchase left no position');
      return { valuable: gold.id };
    },
    send: (caller, _owner, made) =>
      keyedApi(t, 'DELETE', `/admin/valuables/${made.valuable}`, undefined, caller.cookie),
    expected: insiders({
      // A trade is the customer's own act at listed prices, not a request staff decide: only
      // requests record who made them as the customer. Removing the position is still a
      // proposal another staff member must approve.
      impersonated: { answer: 202 },
      customer: { answer: 202 },
    }),
  },
  'PUT /api/v1/admin/users/:id/book-balance': {
    subject: 'user',
    send: (caller, owner) =>
      put(caller, `/admin/users/${owner.userId}/book-balance`, { bookBalance: '1500.25' }),
    expected: insiders({
      impersonated: { notApplicable: 'a book balance names the customer, not something made' },
      customer: { answer: 202 },
    }),
  },
  'POST /api/v1/admin/users/:id/impersonate': {
    subject: 'user',
    send: (caller, owner) =>
      call(t, 'POST', `/admin/users/${owner.userId}/impersonate`, undefined, {
        cookie: caller.cookie,
      }),
    expected: insiders({
      impersonated: { notApplicable: 'it names the customer, not something made' },
      customer: { answer: 200 },
    }),
  },
  'POST /api/v1/admin/users/:id/reset-password': {
    subject: 'user',
    send: (caller, owner) =>
      call(
        t,
        'POST',
        `/admin/users/${owner.userId}/reset-password`,
        { newPassword: 'a new password for the owner' },
        { cookie: caller.cookie },
      ),
    expected: insiders({
      impersonated: { notApplicable: 'it names the customer, not something made' },
      customer: { answer: 204 },
    }),
  },
  'POST /api/v1/admin/transfers/:type/:id/status': {
    subject: 'request',
    prepare: async (owner) => ({ request: await pendingDeposit(owner) }),
    send: (caller, _owner, made) => settle(t, caller, 'card_deposit', made.request!, 'completed'),
    expected: insiders({
      impersonated: { refused: 'SAME_STAFF' },
      customer: { answer: 202 },
    }),
  },
  'POST /api/v1/admin/deliveries/:id/status': {
    subject: 'delivery',
    prepare: async (owner) => ({ delivery: await pendingDelivery(owner) }),
    send: (caller, _owner, made) =>
      moneyPost(t, caller, `/admin/deliveries/${made.delivery}/status`, { status: 'processing' }),
    expected: insiders({
      impersonated: noImpersonatedDelivery,
      customer: { answer: 200 },
    }),
  },
  'POST /api/v1/admin/deliveries/:id/tracking': {
    subject: 'delivery',
    prepare: async (owner) => ({ delivery: await pendingDelivery(owner) }),
    send: (caller, _owner, made) =>
      call(
        t,
        'POST',
        `/admin/deliveries/${made.delivery}/tracking`,
        { status: 'processing', location: 'Dubai vault' },
        { cookie: caller.cookie },
      ),
    expected: insiders({
      impersonated: noImpersonatedDelivery,
      customer: { answer: 201 },
    }),
  },
  'POST /api/v1/admin/kyc/:userId/decision': {
    subject: 'user',
    // Verification not yet asked for: the owner submits it.
    owner: (app) => createCustomer(app, { label: 'kyc' }),
    prepare: async (owner) => {
      const saved = await saveDraft(t, owner.cookie, completeAnswers, 16);
      if (saved.statusCode !== 200) throw new Refused(saved);
      await confirmPhone(t, owner);
      await addDocuments(t, owner.userId, ['front', 'back']);
      accepted(await submit(t, owner.cookie), 200, 'KYC submission');
      return {};
    },
    send: (caller, owner) =>
      call(
        t,
        'POST',
        `/admin/kyc/${owner.userId}/decision`,
        { decision: 'approve' },
        { cookie: caller.cookie },
      ),
    expected: insiders({
      impersonated: {
        refusedEarlier: 'IMPERSONATION_FORBIDDEN',
        why: 'staff signed in as the customer cannot answer the verification',
      },
      customer: { answer: 200 },
    }),
  },
  // The decisions: the subject is the proposal's customer. Each proposal was made by the clerk
  // (a withdrawal's by the caller, who alone may withdraw it) while its customer was a customer.
  'POST /api/v1/admin/proposals/:id/approve': {
    subject: 'proposal',
    prepare: async (owner) => ({ proposal: await pendingProposal(owner, clerk) }),
    send: (caller, _owner, made) => approveProposal(t, caller, made.proposal!),
    expected: {
      own: { refused: 'OWN_ACCOUNT' },
      // Its customer became staff while it waited: approving it would change a staff account.
      staff: { refused: 'STAFF_ACCOUNT' },
      impersonated: { refused: 'SAME_STAFF' },
      customer: { answer: 200 },
    },
  },
  'POST /api/v1/admin/proposals/:id/reject': {
    subject: 'proposal',
    prepare: async (owner) => ({ proposal: await pendingProposal(owner, clerk) }),
    send: (caller, _owner, made) => rejectProposal(t, caller, made.proposal!, 'Not confirmed'),
    expected: {
      own: { refused: 'OWN_ACCOUNT' },
      // Rejecting changes nothing: a proposal on an account that became staff can be cleared.
      staff: { answer: 200 },
      impersonated: { refused: 'SAME_STAFF' },
      customer: { answer: 200 },
    },
  },
  'POST /api/v1/admin/proposals/:id/withdraw': {
    subject: 'proposal',
    prepare: async (owner) => ({ proposal: await pendingProposal(owner, actor) }),
    send: (caller, _owner, made) => withdrawProposal(t, caller, made.proposal!),
    expected: {
      // The caller is the customer the actor's proposal names: not its maker.
      own: { refused: 'FORBIDDEN' },
      // Withdrawing changes nothing.
      staff: { answer: 200 },
      impersonated: {
        refusedEarlier: 'SAME_STAFF',
        why: 'staff cannot propose a decision on a request they made as the customer',
      },
      customer: { answer: 200 },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Running a cell.

/** Staff powers for an account that was a customer's (what `npm run admin` does). */
async function promote(owner: Customer): Promise<void> {
  await grantAdmin(t, owner.userId);
  await enableTwoFactor(t, owner.cookie);
}

/** The caller's session as the customer: an impersonation, as the admin panel opens one. */
async function impersonate(staff: Customer, customer: Customer): Promise<string> {
  const link = await call(t, 'POST', `/admin/users/${customer.userId}/impersonate`, undefined, {
    cookie: staff.cookie,
  });
  expect(link.statusCode, link.body).toBe(200);
  const token = /#token=(.+)$/.exec(link.json<{ actionLink: string }>().actionLink)?.[1] ?? '';
  const res = await call(
    t,
    'POST',
    '/auth/impersonation/complete',
    { token },
    { cookie: staff.cookie },
  );
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('the impersonation opened no session');
  return cookie;
}

/** What a refusal must leave as it was on the account. */
async function stateOf(userId: string) {
  const [proposals] = await t.ctx.db
    .select({ n: count() })
    .from(staffProposals)
    .where(eq(staffProposals.subjectUserId, userId));
  const [journal] = await t.ctx.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return {
    wealth: (await wealthOf(t, userId)).toFixed(8),
    proposals: proposals?.n ?? 0,
    journal: journal?.n ?? 0,
  };
}

interface Cell {
  res: Response;
  owner: Customer;
  /** The owner's account just before the operation was sent. */
  before: Awaited<ReturnType<typeof stateOf>>;
}

/** Makes the target's thing and sends the operation; Refused when the making was refused. */
async function run(row: Row, target: Target): Promise<Cell> {
  const owner = await (row.owner ?? ((app: TestApp) => verifiedCustomer(app)))(t);
  // The thing is made in the owner's session, or in the caller's session as the owner.
  const session =
    target === 'impersonated' ? { ...owner, cookie: await impersonate(actor, owner) } : owner;
  const made = (await row.prepare?.(session)) ?? {};
  if (target === 'own' || target === 'staff') await promote(owner);
  const caller = target === 'own' ? owner : actor;
  const before = await stateOf(owner.userId);
  return { res: await row.send(caller, owner, made), owner, before };
}

// ---------------------------------------------------------------------------------------------

describe('the insider matrix', () => {
  it('knows what each staff change acts on, and has a row for each', () => {
    // A staff operation that changes state but names no customer would escape the matrix,
    // unless it is listed with the reason it acts on no customer's account.
    expect(staffChanges.filter((c) => subjectOf(c) === undefined).map(name)).toEqual(
      Object.keys(actOnNoCustomer),
    );
    expect(insiderOperations.map(name).sort()).toEqual(Object.keys(table).sort());
    for (const contract of insiderOperations) {
      expect(table[name(contract)]?.subject, name(contract)).toBe(subjectOf(contract));
    }
  });

  for (const contract of insiderOperations) {
    const operation = name(contract);
    const row = table[operation];
    describe(operation, () => {
      if (!row) {
        it('has a row in the insider matrix', () => {
          throw new Error(`insider matrix: add a row for ${operation}`);
        });
        return;
      }
      for (const target of targets) {
        const expected = row.expected[target];
        if ('notApplicable' in expected) continue;
        const outcome =
          'answer' in expected
            ? `is accepted (${expected.answer})`
            : 'refused' in expected
              ? `is refused ${expected.refused}`
              : `cannot arise: ${expected.why} (${expected.refusedEarlier})`;
        it(`${targetNames[target]} ${outcome}`, async () => {
          if ('refusedEarlier' in expected) {
            const refused = await run(row, target).then(
              () => undefined,
              (err: unknown) => {
                if (err instanceof Refused) return err.res;
                throw err;
              },
            );
            expect(refused?.statusCode).toBe(403);
            expect(refused && errorCode(refused)).toBe(expected.refusedEarlier);
            return;
          }
          const cell = await run(row, target);
          if ('answer' in expected) {
            expect(cell.res.statusCode, cell.res.body).toBe(expected.answer);
            return;
          }
          expect(cell.res.statusCode, cell.res.body).toBe(403);
          expect(errorCode(cell.res)).toBe(expected.refused);
          // A refusal changes nothing on the account: no value, no journal row, no proposal.
          expect(await stateOf(cell.owner.userId)).toEqual(cell.before);
        });
      }
    });
  }
});

describe('who approves a staff change', () => {
  const proposing = insiderOperations.filter((contract) => {
    const expected = table[name(contract)]?.expected.customer;
    return expected !== undefined && 'answer' in expected && expected.answer === 202;
  });

  it('covers every operation that answers with a proposal', () => {
    // A price change proposes for no one's account: its own test decides it the same ways.
    expect(proposing.map(name).sort()).toEqual(
      allContracts
        .filter((c) => c.access === 'admin' && c.status === 202)
        .map(name)
        .filter((operation) => !(operation in actOnNoCustomer))
        .sort(),
    );
  });

  for (const contract of proposing) {
    const row = table[name(contract)]!;
    it(`${name(contract)}: never its maker (SAME_STAFF); a second staff member, once`, async () => {
      const cell = await run(row, 'customer');
      expect(cell.res.statusCode, cell.res.body).toBe(202);
      const proposal = cell.res.json<Proposal>();
      expect(proposal).toMatchObject({
        status: 'pending',
        maker: { id: actor.userId },
        customer: { id: cell.owner.userId },
        canDecide: false,
        canWithdraw: true,
      });
      const before = await stateOf(cell.owner.userId);

      for (const own of [
        await approveProposal(t, actor, proposal.id),
        await rejectProposal(t, actor, proposal.id),
      ]) {
        expect(own.statusCode, own.body).toBe(403);
        expect(errorCode(own)).toBe('SAME_STAFF');
      }
      // Nothing moved while it waited, nor when its maker tried.
      expect(await stateOf(cell.owner.userId)).toEqual(before);

      const checker = await checkerFor(t, actor);
      const approved = await approveProposal(t, checker, proposal.id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'approved',
        checker: { id: checker.userId },
      });
      // It took effect: the account moved by the proposal's amount, journaled.
      const after = await stateOf(cell.owner.userId);
      expect(after.wealth).toBe(dec(before.wealth).plus(proposal.amount).toFixed(8));
      expect(after.journal).toBeGreaterThan(before.journal);
      await expectHoldingsMatchJournal(t, cell.owner.userId);

      // Once: approving again, by anyone, is refused and changes nothing.
      const again = await approveProposal(t, clerk, proposal.id);
      expect(again.statusCode, again.body).toBe(409);
      expect(await stateOf(cell.owner.userId)).toEqual(after);
    });
  }
});
