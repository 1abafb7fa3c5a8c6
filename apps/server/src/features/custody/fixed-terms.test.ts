// Fixed terms (SPEC §2 /fixed-assets, §9; DESIGN §5): the four offers; a whole valuable, or part
// of a traded position split off as its own locked holding, fixed for 1, 3, 6 or 12 months; what
// may not be fixed, and what a locked holding may not do (be sold, swapped, transferred,
// delivered or converted to cash); maturity in calendar months in UTC; and at maturity, once, the
// profit (principal × rate, rounded down to the cent) as cash, the holding unlocked and back in
// its position, and an email.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared';
import type { FixedTerm } from '@secure-vault/shared/custody';
import { knownCaller } from '../../db/caller.ts';
import { fixedTerms } from '../../db/custody-schema.ts';
import { mailOutbox } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { addCustodyItem } from '../../ledger/staff.ts';
import { call, mailCount } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer, openSession } from '../../test/customers.ts';
import { cashIdOf, moneyPost, sendTransfer, verifiedCustomer } from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  positionOf,
  swap,
  trade,
  valuablesOf,
} from '../../test/trading.ts';
import { custodyItem, errorOf, issuesOf, openSocket } from '../banking/transfer-test-support.ts';

// The app's own job runner looks for due work by this clock every few seconds. Terms here are
// matured by calling runDueJobs with a time of their own, and the clock only moves forward in the
// last block, so the background runner never takes a term a test is about to mature.
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const fix = (
  customer: Pick<Customer, 'cookie'>,
  body: { valuableId: string; months: number; quantity?: string },
  key?: string,
) => moneyPost(t, customer, '/me/fixed-terms', body, key);

async function fixed(
  customer: Customer,
  body: { valuableId: string; months: number; quantity?: string },
) {
  const res = await fix(customer, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FixedTerm>();
}

async function myTerms(customer: Customer): Promise<FixedTerm[]> {
  const res = await call(t, 'GET', '/me/fixed-terms', undefined, { cookie: customer.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FixedTerm[]>();
}

async function buy(customer: Customer, asset: string, quantity: string) {
  const res = await trade(t, customer, { side: 'buy', asset, quantity });
  expect(res.statusCode, res.body).toBe(201);
}

async function gold(customer: Customer) {
  const row = await positionOf(t, customer.userId, 'AU');
  if (!row) throw new Error('no active gold position');
  return row;
}

async function rowOf(id: string) {
  const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
  return row;
}

async function netWorth(customer: Customer): Promise<string> {
  const res = await call(t, 'GET', '/me/summary', undefined, { cookie: customer.cookie });
  return res.json<{ totalNetWorth: string }>().totalNetWorth;
}

/** The journal rows a term wrote (its id is their reference). */
async function journalOfTerm(termId: string) {
  const rows = await t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, termId));
  return rows.map((row) => ({
    kind: row.kind,
    asset: row.assetSymbol,
    quantity: row.quantityDelta,
    value: row.valueDelta,
  }));
}

describe('the offers', () => {
  it('are the four terms of SPEC §9, for anyone', async () => {
    const res = await call(t, 'GET', '/fixed-terms');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { months: 1, interestRate: '0.05' },
      { months: 3, interestRate: '0.10' },
      { months: 6, interestRate: '0.25' },
      { months: 12, interestRate: '0.50' },
    ]);
  });
});

describe('fixing a whole custody item', () => {
  it('locks it where it is, records the term and its profit, and keeps it in net worth', async () => {
    const customer = await createCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Diamond ring', '2500.00');
    const socket = await openSocket(t, customer.cookie);
    try {
      const term = await fixed(customer, { valuableId: ring, months: 12 });
      expect(term).toEqual({
        id: expect.any(String),
        valuableId: ring,
        itemName: 'Diamond ring',
        assetSymbol: null,
        quantity: null,
        unit: null,
        months: 12,
        interestRate: '0.50',
        principal: '2500.00000000',
        profit: '1250.00000000',
        status: 'active',
        startedAt: '2026-11-21T10:00:00.000Z',
        maturesAt: '2027-11-21T10:00:00.000Z',
        maturedAt: null,
      });
      await socket.waitFor(['valuables']);
      expect(await rowOf(ring)).toMatchObject({
        status: 'locked',
        estimatedValue: '2500.00000000',
      });
      expect(await netWorth(customer)).toBe('2500.00000000');
      // The history shows the start; nothing of value moved.
      expect(await journalOfTerm(term.id)).toEqual([
        { kind: 'fixed_term_start', asset: null, quantity: null, value: '0.00000000' },
      ]);
      await expectHoldingsMatchJournal(t, customer.userId);
      expect(await myTerms(customer)).toEqual([term]);
    } finally {
      socket.close();
    }
  });
});

describe('fixing part of a traded position', () => {
  it('splits the quantity off as its own locked holding, at its value', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const position = await gold(customer);
    const term = await fixed(customer, { valuableId: position.id, months: 3, quantity: '250.5' });
    // 250.5 mg × $0.057 = $14.2785; × 10 % = $1.42785, paid as $1.42 (rounded down).
    expect(term).toMatchObject({
      itemName: 'Gold',
      assetSymbol: 'AU',
      quantity: '250.50000000',
      unit: 'mg',
      months: 3,
      interestRate: '0.10',
      principal: '14.27850000',
      profit: '1.42000000',
      maturesAt: '2027-02-21T10:00:00.000Z',
    });
    expect(term.valuableId).not.toBe(position.id);
    expect(await gold(customer)).toMatchObject({
      id: position.id,
      quantity: '749.50000000',
      estimatedValue: '42.72150000',
    });
    expect(await rowOf(term.valuableId)).toMatchObject({
      status: 'locked',
      assetSymbol: 'AU',
      itemName: 'Gold',
      itemType: 'precious_metals',
      quantity: '250.50000000',
      unit: 'mg',
      estimatedValue: '14.27850000',
    });
    expect(await netWorth(customer)).toBe('100.00000000');
    expect((await journalOfTerm(term.id)).sort((a, b) => a.value.localeCompare(b.value))).toEqual([
      { kind: 'fixed_term_start', asset: 'AU', quantity: '-250.50000000', value: '-14.27850000' },
      { kind: 'fixed_term_start', asset: 'AU', quantity: '250.50000000', value: '14.27850000' },
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('locks the position in place when the quantity is all of it, or none is given', async () => {
    const customer = await createCustomer(t, { cash: '1000' });
    await buy(customer, 'AU', '1000');
    await buy(customer, 'AG', '1000');
    const goldRow = await gold(customer);
    const silver = await positionOf(t, customer.userId, 'AG');
    const all = await fixed(customer, { valuableId: goldRow.id, months: 1, quantity: '1000' });
    const none = await fixed(customer, { valuableId: silver?.id ?? '', months: 6 });
    expect(all).toMatchObject({ valuableId: goldRow.id, quantity: '1000.00000000' });
    expect(none).toMatchObject({ valuableId: silver?.id, quantity: '1000.00000000' });
    expect(
      (await valuablesOf(t, customer.userId)).map((row) => [row.assetSymbol, row.status]),
    ).toEqual([
      ['AG', 'locked'],
      ['AU', 'locked'],
      ['USD', 'active'],
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);
  });
});

describe('what cannot be fixed', () => {
  /** Refused, with the holdings and the terms as they were. */
  async function expectRefused(
    customer: Customer,
    body: { valuableId: string; months: number; quantity?: string },
    status: number,
    error: { code: string; message?: string },
  ) {
    const before = await valuablesOf(t, customer.userId);
    const refused = errorOf(await fix(customer, body), status);
    expect(refused).toMatchObject(error);
    expect(await valuablesOf(t, customer.userId)).toEqual(before);
    expect(await myTerms(customer)).toEqual([]);
  }

  it('refuses cash, whole or in part', async () => {
    const customer = await createCustomer(t, { cash: '500' });
    const cash = await cashIdOf(t, customer.userId);
    for (const quantity of [undefined, '100']) {
      await expectRefused(
        customer,
        { valuableId: cash, months: 1, ...(quantity ? { quantity } : {}) },
        422,
        {
          code: 'ASSET_UNAVAILABLE',
          message: 'Cash cannot be fixed for a term.',
        },
      );
    }
  });

  it('refuses an item without a positive value', async () => {
    const customer = await createCustomer(t);
    const nothing = await custodyItem(t, customer.userId, 'Old letters', '0', 'documents');
    const negative = await custodyItem(t, customer.userId, 'Fee owed', '-40', 'other');
    // No estimated value at all (SPEC §3: it may be empty).
    const unvalued = (
      await addCustodyItem(t.ctx.database, knownCaller(customer.userId, null), {
        item: {
          itemName: 'Keepsake',
          itemType: 'other',
          estimatedValue: null,
          description: null,
          storageLocation: null,
        },
        at: clock.now(),
        audit: { action: 'admin.valuable_added', details: {}, ip: null },
      })
    ).id;
    for (const [id, name] of [
      [nothing, 'Old letters'],
      [unvalued, 'Keepsake'],
      [negative, 'Fee owed'],
    ] as const) {
      await expectRefused(customer, { valuableId: id, months: 1 }, 422, {
        code: 'ASSET_UNAVAILABLE',
        message: `${name} has no value to fix for a term.`,
      });
    }
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('refuses what is already fixed, and what is out for delivery', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '300');
    const vase = await custodyItem(t, customer.userId, 'Vase', '800', 'artwork');
    const term = await fixed(customer, { valuableId: ring, months: 1 });
    const delivery = await moneyPost(t, customer, '/me/deliveries', {
      valuableId: vase,
      recipientName: 'Amira Haddad',
      recipientEmail: 'amira@example.com',
      recipientPhone: '+971501234567',
      recipientAddress: 'Villa 3, Dubai',
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    const before = await valuablesOf(t, customer.userId);
    expect(errorOf(await fix(customer, { valuableId: ring, months: 3 }), 422)).toEqual({
      code: 'ASSET_UNAVAILABLE',
      message: 'Your Ring is already fixed for a term.',
    });
    expect(errorOf(await fix(customer, { valuableId: vase, months: 3 }), 422)).toEqual({
      code: 'ASSET_UNAVAILABLE',
      message: 'Your Vase is out for delivery and cannot be fixed for a term.',
    });
    expect(await valuablesOf(t, customer.userId)).toEqual(before);
    expect((await myTerms(customer)).map((row) => row.id)).toEqual([term.id]);
  });

  it('answers someone else’s valuable, an unknown one and a delivered one as missing', async () => {
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const theirs = await custodyItem(t, other.userId, 'Their ring', '300');
    const delivered = await custodyItem(t, customer.userId, 'Gone', '300');
    await t.ctx.db
      .update(valuables)
      .set({ status: 'delivered' })
      .where(eq(valuables.id, delivered));
    for (const id of [theirs, randomUUID(), delivered]) {
      await expectRefused(customer, { valuableId: id, months: 1 }, 404, {
        code: 'NOT_FOUND',
        message: 'No such valuable.',
      });
    }
    expect(await rowOf(theirs)).toMatchObject({ status: 'active', userId: other.userId });
  });

  it('refuses a quantity of a custody item, more decimals than the asset has, or more than held', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    const ring = await custodyItem(t, customer.userId, 'Ring', '300');
    await buy(customer, 'AU', '1000');
    const { id } = await gold(customer);
    await expectRefused(customer, { valuableId: ring, months: 1, quantity: '1' }, 400, {
      code: 'QUANTITY_INVALID',
      message: 'This valuable moves whole: leave the quantity out.',
    });
    await expectRefused(customer, { valuableId: id, months: 1, quantity: '1.0001' }, 400, {
      code: 'QUANTITY_INVALID',
      message: 'Enter a quantity of Gold above zero, within its decimals.',
    });
    await expectRefused(customer, { valuableId: id, months: 1, quantity: '1000.001' }, 422, {
      code: 'INSUFFICIENT_HOLDING',
      message: 'You want to fix 1000.001 mg of Gold but only hold 1000.',
    });
    // The schema's own checks: more than 8 decimals, zero, a term that is not offered.
    for (const [body, path, message] of [
      [
        { valuableId: id, months: 1, quantity: '1.000000001' },
        'body.quantity',
        'custody:errors.quantityInvalid',
      ],
      [
        { valuableId: id, months: 1, quantity: '0' },
        'body.quantity',
        'custody:errors.quantityInvalid',
      ],
      [{ valuableId: id, months: 2 }, 'body.months', 'custody:errors.termRequired'],
    ] as const) {
      const res = await fix(customer, body);
      expect(errorOf(res, 400).code).toBe('VALIDATION');
      expect(issuesOf(res)).toEqual([{ path, message }]);
    }
    expect(await myTerms(customer)).toEqual([]);
  });

  it('needs an Idempotency-Key, and a replay fixes nothing twice', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const { id } = await gold(customer);
    const noKey = await call(
      t,
      'POST',
      '/me/fixed-terms',
      { valuableId: id, months: 1, quantity: '100' },
      { cookie: customer.cookie },
    );
    expect(errorOf(noKey, 400).code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const first = await fix(customer, { valuableId: id, months: 1, quantity: '100' }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await fix(customer, { valuableId: id, months: 1, quantity: '100' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const reused = await fix(customer, { valuableId: id, months: 3, quantity: '100' }, key);
    expect(errorOf(reused, 422).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await myTerms(customer)).toHaveLength(1);
    expect(await gold(customer)).toMatchObject({ quantity: '900.00000000' });
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('is refused without a session', async () => {
    const res = await moneyPost(t, { cookie: '' }, '/me/fixed-terms', {
      valuableId: randomUUID(),
      months: 1,
    });
    expect(errorOf(res, 401).code).toBe('UNAUTHENTICATED');
  });
});

describe('a locked holding', () => {
  it('cannot be sold or swapped; the unlocked part of its position can', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    await fixed(customer, { valuableId: (await gold(customer)).id, months: 12, quantity: '400' });
    const over = errorOf(
      await trade(t, customer, { side: 'sell', asset: 'AU', quantity: '700' }),
      422,
    );
    expect(over).toEqual({
      code: 'INSUFFICIENT_HOLDING',
      message: 'You want to sell 700 mg of Gold but only hold 600.',
      details: { symbol: 'AU', wanted: '700', held: '600' },
    });
    const sold = await trade(t, customer, { side: 'sell', asset: 'AU', quantity: '600' });
    expect(sold.statusCode, sold.body).toBe(201);
    // Only the locked 400 mg are left: no sale, no swap.
    const locked = {
      code: 'ASSET_UNAVAILABLE',
      message: 'Your Gold is fixed for a term and cannot be sold until it ends.',
    };
    expect(
      errorOf(await trade(t, customer, { side: 'sell', asset: 'AU', quantity: '1' }), 422),
    ).toEqual(locked);
    expect(
      errorOf(await swap(t, customer, { from: 'AU', to: 'AG', quantity: '100' }), 422),
    ).toEqual(locked);
    expect(await positionOf(t, customer.userId, 'AG')).toBeUndefined();
    const rows = await valuablesOf(t, customer.userId);
    expect(
      rows.filter((row) => row.assetSymbol === 'AU').map((row) => [row.status, row.quantity]),
    ).toEqual([['locked', '400.00000000']]);
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('cannot be transferred or delivered', async () => {
    const customer = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '300');
    await buy(customer, 'AU', '1000');
    await fixed(customer, { valuableId: ring, months: 12 });
    const part = await fixed(customer, {
      valuableId: (await gold(customer)).id,
      months: 12,
      quantity: '500',
    });
    for (const [id, quantity] of [
      [ring, undefined],
      [part.valuableId, undefined],
      [part.valuableId, '1'],
    ] as const) {
      const name = id === ring ? 'Ring' : 'Gold';
      expect(errorOf(await sendTransfer(t, customer, receiver, id, quantity), 422)).toEqual({
        code: 'ASSET_UNAVAILABLE',
        message: `Your ${name} is fixed for a term and cannot be transferred until it ends.`,
      });
      const delivery = await moneyPost(t, customer, '/me/deliveries', {
        valuableId: id,
        ...(quantity ? { quantity } : {}),
        recipientName: 'Amira Haddad',
        recipientEmail: 'amira@example.com',
        recipientPhone: '+971501234567',
        recipientAddress: 'Villa 3, Dubai',
      });
      expect(errorOf(delivery, 422)).toEqual({
        code: 'ASSET_UNAVAILABLE',
        message: `Your ${name} is fixed for a term and cannot be delivered until it ends.`,
      });
    }
    expect(await valuablesOf(t, receiver.userId)).toEqual([]);
    expect(await rowOf(ring)).toMatchObject({ status: 'locked', userId: customer.userId });
    expect(await rowOf(part.valuableId)).toMatchObject({
      status: 'locked',
      quantity: '500.00000000',
    });
  });

  it('does not count toward asset to cash', async () => {
    const customer = await createCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '300');
    await custodyItem(t, customer.userId, 'Brooch', '40');
    await fixed(customer, { valuableId: ring, months: 12 });
    const res = await moneyPost(t, customer, '/me/asset-to-cash', { amount: '50.00' });
    expect(errorOf(res, 422)).toEqual({
      code: 'INSUFFICIENT_ASSETS',
      message:
        'Insufficient asset balance: your unlocked holdings are worth $40.00, less than $50.00.',
      details: { wanted: '50', available: '40' },
    });
    const within = await moneyPost(t, customer, '/me/asset-to-cash', { amount: '40.00' });
    expect(within.statusCode, within.body).toBe(201);
  });
});

describe('maturity', () => {
  it('credits exactly the profit, rounded down to the cent, once; unlocks; emails; shows matured', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    const ring = await custodyItem(t, customer.userId, 'Pearl necklace', '3333.33');
    await buy(customer, 'AU', '1000');
    const goldId = (await gold(customer)).id;
    const necklaceTerm = await fixed(customer, { valuableId: ring, months: 1 });
    const goldTerm = await fixed(customer, { valuableId: goldId, months: 1, quantity: '250.5' });
    // $3,333.33 × 5 % = $166.6665 → $166.66; 250.5 mg of gold: $14.2785 × 5 % = $0.713925 → $0.71.
    expect([necklaceTerm.profit, goldTerm.profit]).toEqual(['166.66000000', '0.71000000']);
    const cashBefore = await cashOf(t, customer.userId);
    const mailsBefore = await mailCount(t, customer.email);
    const maturity = new Date(necklaceTerm.maturesAt);
    expect(maturity.toISOString()).toBe('2026-12-21T10:00:00.000Z');

    // A moment early, nothing of this customer's is due.
    await runDueJobs(t.ctx, new Date(maturity.getTime() - 1));
    expect(await cashOf(t, customer.userId)).toBe(cashBefore);
    expect((await myTerms(customer)).map((term) => term.status)).toEqual(['active', 'active']);

    const socket = await openSocket(t, customer.cookie);
    try {
      const ran = await runDueJobs(t.ctx, maturity);
      expect(ran.filter((job) => job.failure !== null)).toEqual([]);
      await socket.waitFor(['valuables']);
    } finally {
      socket.close();
    }
    // $100 − $57 for the gold + $166.66 + $0.71.
    expect(cashBefore).toBe('43.00000000');
    expect(await cashOf(t, customer.userId)).toBe('210.37000000');
    // The necklace is active where it was; the gold part has rejoined its position.
    expect(await rowOf(ring)).toMatchObject({ status: 'active', estimatedValue: '3333.33000000' });
    expect(await rowOf(goldTerm.valuableId)).toBeUndefined();
    expect(await gold(customer)).toMatchObject({
      id: goldId,
      quantity: '1000.00000000',
      estimatedValue: '57.00000000',
    });
    expect(
      (await valuablesOf(t, customer.userId)).filter((row) => row.status !== 'active'),
    ).toEqual([]);
    await expectHoldingsMatchJournal(t, customer.userId);
    const profitRows = await t.ctx.db
      .select({ reference: ledgerEntries.reference, value: ledgerEntries.valueDelta })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, customer.userId), eq(ledgerEntries.kind, 'fixed_term_profit')),
      );
    expect(profitRows.sort((a, b) => a.value.localeCompare(b.value))).toEqual([
      { reference: goldTerm.id, value: '0.71000000' },
      { reference: necklaceTerm.id, value: '166.66000000' },
    ]);

    const terms = await myTerms(customer);
    expect(terms.map((term) => [term.id, term.status, term.maturedAt]).sort()).toEqual(
      [
        [necklaceTerm.id, 'matured', '2026-12-21T10:00:00.000Z'],
        [goldTerm.id, 'matured', '2026-12-21T10:00:00.000Z'],
      ].sort(),
    );
    expect(await mailCount(t, customer.email)).toBe(mailsBefore + 2);
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email.toLowerCase()));
    const texts = mails.map((mail) => mail.text);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Your fixed term has matured — Secure Vault',
    );
    expect(
      texts.some((text) =>
        text.includes(
          'Your 1-month term on Pearl necklace has matured. $166.66 profit has been added to your cash balance',
        ),
      ),
    ).toBe(true);
    expect(
      texts.some((text) => text.includes('Your 1-month term on Gold has matured. $0.71 profit')),
    ).toBe(true);

    // Again, later: nothing more is credited or sent.
    await runDueJobs(t.ctx, new Date(maturity.getTime() + 86_400_000));
    expect(await cashOf(t, customer.userId)).toBe('210.37000000');
    expect(await mailCount(t, customer.email)).toBe(mailsBefore + 2);
  });

  it('returns a part whose position was sold meanwhile as a position of its own', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const term = await fixed(customer, {
      valuableId: (await gold(customer)).id,
      months: 1,
      quantity: '300',
    });
    const sold = await trade(t, customer, { side: 'sell', asset: 'AU', quantity: '700' });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await positionOf(t, customer.userId, 'AU')).toBeUndefined();
    await runDueJobs(t.ctx, new Date(term.maturesAt));
    expect(await gold(customer)).toMatchObject({
      id: term.valuableId,
      quantity: '300.00000000',
      estimatedValue: '17.10000000',
    });
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('merges a whole locked position into one bought since', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const locked = (await gold(customer)).id;
    const term = await fixed(customer, { valuableId: locked, months: 1 });
    await buy(customer, 'AU', '200');
    const bought = (await gold(customer)).id;
    expect(bought).not.toBe(locked);
    await runDueJobs(t.ctx, new Date(term.maturesAt));
    expect(await rowOf(locked)).toBeUndefined();
    expect(await gold(customer)).toMatchObject({
      id: bought,
      quantity: '1200.00000000',
      estimatedValue: '68.40000000',
    });
    // $57 × 5 % = $2.85 on top of $100 − $57 − $11.40.
    expect(await cashOf(t, customer.userId)).toBe('34.45000000');
    await expectHoldingsMatchJournal(t, customer.userId);
  });
});

// Last: the clock moves forward here, to start terms on the days that test the month arithmetic.
describe('maturity dates', () => {
  /** Moves the manual clock forward to `iso` (it never goes back). */
  function moveClockTo(iso: string) {
    const ms = new Date(iso).getTime() - clock.now().getTime();
    if (ms < 0) throw new Error(`the clock is past ${iso}`);
    clock.advance(ms);
  }

  /** A term on a new $100 item, fixed now (in a fresh session: a moved clock idles the old). */
  async function maturesAt(customer: Customer, months: number): Promise<FixedTerm> {
    const item = await custodyItem(t, customer.userId, `Item ${randomUUID()}`, '100');
    const session = { ...customer, cookie: await openSession(t, customer.userId) };
    return fixed(session, { valuableId: item, months });
  }

  it('count calendar months in UTC, keeping a month-end at the end of a shorter month', async () => {
    const customer = await createCustomer(t);
    moveClockTo('2027-01-31T12:00:00Z');
    expect((await maturesAt(customer, 1)).maturesAt).toBe('2027-02-28T12:00:00.000Z');
    expect((await maturesAt(customer, 3)).maturesAt).toBe('2027-04-30T12:00:00.000Z');
    expect((await maturesAt(customer, 6)).maturesAt).toBe('2027-07-31T12:00:00.000Z');
    expect((await maturesAt(customer, 12)).maturesAt).toBe('2028-01-31T12:00:00.000Z');
    // Late on 31 March in UTC is already 1 April in Dubai: the month is counted in UTC.
    moveClockTo('2027-03-31T23:30:00Z');
    expect((await maturesAt(customer, 1)).maturesAt).toBe('2027-04-30T23:30:00.000Z');
  });

  it('know leap years', async () => {
    const customer = await createCustomer(t);
    moveClockTo('2028-01-31T09:15:00Z');
    expect((await maturesAt(customer, 1)).maturesAt).toBe('2028-02-29T09:15:00.000Z');
    moveClockTo('2028-02-29T09:15:00Z');
    expect((await maturesAt(customer, 12)).maturesAt).toBe('2029-02-28T09:15:00.000Z');
    expect((await maturesAt(customer, 6)).maturesAt).toBe('2028-08-29T09:15:00.000Z');
  });

  it('are when the job pays, not a moment before', async () => {
    const customer = await createCustomer(t);
    moveClockTo('2029-01-31T08:00:00Z');
    const term = await maturesAt(customer, 1);
    expect(term.maturesAt).toBe('2029-02-28T08:00:00.000Z');
    await runDueJobs(t.ctx, new Date('2029-02-28T07:59:59.999Z'));
    expect(await cashOf(t, customer.userId)).toBe('0.00000000');
    await runDueJobs(t.ctx, new Date('2029-02-28T08:00:00.000Z'));
    expect(await cashOf(t, customer.userId)).toBe('5.00000000');
    const [row] = await t.ctx.db.select().from(fixedTerms).where(eq(fixedTerms.id, term.id));
    expect(row?.status).toBe('matured');
  });
});
