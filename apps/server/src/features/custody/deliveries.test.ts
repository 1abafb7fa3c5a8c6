// Physical delivery (SPEC §2 Settings' Delivery Services and the admin's Delivery Management and
// Tracking, §3, §4, §5; DESIGN §5): approved KYC; a whole custody item or part of a metal
// position, never crypto or cash; the item is in delivery until staff deliver it (it leaves the
// vault and net worth, journaled) or it is cancelled before it ships (it returns, rejoining its
// position). Staff move a delivery on in order only and add tracking records; every step is
// audited, emailed and pushed to the customer's open pages.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared';
import type { AdminDelivery, AdminTrackingRecord, Delivery } from '@secure-vault/shared/custody';
import { trackingStatuses } from '@secure-vault/shared/custody';
import { deliveries } from '../../db/custody-schema.ts';
import { mailOutbox } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { call, lastMail, mailCount } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import {
  cashIdOf,
  createStaffMember,
  moneyPost,
  verifiedCustomer,
} from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { expectHoldingsMatchJournal, positionOf, trade, valuablesOf } from '../../test/trading.ts';
import {
  auditRows,
  custodyItem,
  errorOf,
  impersonated,
  issuesOf,
  openSocket,
} from '../banking/transfer-test-support.ts';

const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let t: TestApp;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await createStaffMember(t);
});
afterAll(() => t.close());

const recipient = {
  recipientName: 'Layla Haddad',
  recipientEmail: 'layla@example.com',
  recipientPhone: '+971501234567',
  recipientAddress: 'Villa 12, Frond K\nPalm Jumeirah, Dubai',
};

const ask = (
  customer: Pick<Customer, 'cookie'>,
  what: { valuableId: string; quantity?: string },
  key?: string,
  body: Record<string, unknown> = recipient,
) => moneyPost(t, customer, '/me/deliveries', { ...what, ...body }, key);

async function asked(customer: Customer, what: { valuableId: string; quantity?: string }) {
  const res = await ask(customer, what);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Delivery>();
}

const cancel = (customer: Pick<Customer, 'cookie'>, id: string) =>
  moneyPost(t, customer, `/me/deliveries/${id}/cancel`);

const setStatus = (id: string, status: string, caller: Pick<Customer, 'cookie'> = staff) =>
  moneyPost(t, caller, `/admin/deliveries/${id}/status`, { status });

async function moved(id: string, status: string): Promise<AdminDelivery> {
  const res = await setStatus(id, status);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminDelivery>();
}

const track = (id: string, body: unknown, caller: Pick<Customer, 'cookie'> = staff) =>
  call(t, 'POST', `/admin/deliveries/${id}/tracking`, body, { cookie: caller.cookie });

async function myDeliveries(customer: Customer): Promise<Delivery[]> {
  const res = await call(t, 'GET', '/me/deliveries', undefined, { cookie: customer.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Delivery[]>();
}

async function buy(customer: Customer, asset: string, quantity: string) {
  const res = await trade(t, customer, { side: 'buy', asset, quantity });
  expect(res.statusCode, res.body).toBe(201);
}

async function rowOf(id: string) {
  const [row] = await t.ctx.db.select().from(valuables).where(eq(valuables.id, id));
  return row;
}

async function netWorth(customer: Customer): Promise<string> {
  const res = await call(t, 'GET', '/me/summary', undefined, { cookie: customer.cookie });
  return res.json<{ totalNetWorth: string }>().totalNetWorth;
}

async function deliveryRow(id: string) {
  const [row] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.id, id));
  return row;
}

describe('asking for a delivery', () => {
  it('takes a whole custody item out of use, tells the customer and their open pages', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Diamond ring', '2500.00');
    const socket = await openSocket(t, customer.cookie);
    try {
      const delivery = await asked(customer, { valuableId: ring });
      expect(delivery).toEqual({
        id: expect.any(String),
        valuableId: ring,
        itemName: 'Diamond ring',
        itemType: 'jewelry',
        assetSymbol: null,
        quantity: null,
        unit: null,
        estimatedValue: '2500.00000000',
        ...recipient,
        status: 'pending',
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
        tracking: [],
      });
      await socket.waitFor(['valuables', 'requests']);
      expect(await rowOf(ring)).toMatchObject({ status: 'in_delivery' });
      // Still the customer's until it is delivered.
      expect(await netWorth(customer)).toBe('2500.00000000');
      await expectHoldingsMatchJournal(t, customer.userId);
      const mail = await lastMail(t, customer.email);
      expect(mail?.subject).toBe('Your delivery is received — Secure Vault');
      expect(mail?.text).toContain('Your delivery of Diamond ring to Layla Haddad is received.');
      expect(mail?.text).toContain('Delivery begins within 24 hours.');
      expect(mail?.text).toContain(delivery.id);
      expect(await myDeliveries(customer)).toEqual([delivery]);
    } finally {
      socket.close();
    }
  });

  it('splits part of a metal position off, in its unit and at its value', async () => {
    const customer = await verifiedCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const gold = await positionOf(t, customer.userId, 'AU');
    const delivery = await asked(customer, { valuableId: gold?.id ?? '', quantity: '300' });
    // 300 mg × $0.057 = $17.10.
    expect(delivery).toMatchObject({
      itemName: 'Gold',
      itemType: 'precious_metals',
      assetSymbol: 'AU',
      quantity: '300.00000000',
      unit: 'mg',
      estimatedValue: '17.10000000',
    });
    expect(delivery.valuableId).not.toBe(gold?.id);
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({
      id: gold?.id,
      quantity: '700.00000000',
      estimatedValue: '39.90000000',
    });
    expect(await rowOf(delivery.valuableId ?? '')).toMatchObject({
      status: 'in_delivery',
      quantity: '300.00000000',
      estimatedValue: '17.10000000',
    });
    await expectHoldingsMatchJournal(t, customer.userId);

    // What the position cannot give: a custody item's quantity, too many decimals, too much.
    const ring = await custodyItem(t, customer.userId, 'Ring', '100');
    expect(errorOf(await ask(customer, { valuableId: ring, quantity: '1' }), 400)).toEqual({
      code: 'QUANTITY_INVALID',
      message: 'This valuable moves whole: leave the quantity out.',
    });
    expect(
      errorOf(await ask(customer, { valuableId: gold?.id ?? '', quantity: '1.0001' }), 400),
    ).toEqual({
      code: 'QUANTITY_INVALID',
      message: 'Enter a quantity of Gold above zero, within its decimals.',
    });
    expect(
      errorOf(await ask(customer, { valuableId: gold?.id ?? '', quantity: '700.001' }), 422),
    ).toEqual({
      code: 'INSUFFICIENT_HOLDING',
      message: 'You want to deliver 700.001 mg of Gold but only hold 700.',
      details: { symbol: 'AU', wanted: '700.001', held: '700' },
    });
    expect(await myDeliveries(customer)).toHaveLength(1);
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({ quantity: '700.00000000' });
  });

  it('refuses crypto as digital, and cash as something withdrawn to a bank instead', async () => {
    const customer = await verifiedCustomer(t, { cash: '500' });
    await buy(customer, 'BTC', '0.001');
    const bitcoin = await positionOf(t, customer.userId, 'BTC');
    const cash = await cashIdOf(t, customer.userId);
    const before = await valuablesOf(t, customer.userId);
    for (const what of [
      { valuableId: bitcoin?.id ?? '' },
      { valuableId: bitcoin?.id ?? '', quantity: '0.0005' },
    ]) {
      expect(errorOf(await ask(customer, what), 422)).toEqual({
        code: 'NOT_DELIVERABLE',
        message: 'Digital assets cannot be delivered',
      });
    }
    for (const what of [{ valuableId: cash }, { valuableId: cash, quantity: '10' }]) {
      expect(errorOf(await ask(customer, what), 422)).toEqual({
        code: 'NOT_DELIVERABLE',
        message: 'Cash is not delivered: withdraw it to your bank account with a withdrawal.',
      });
    }
    expect(await valuablesOf(t, customer.userId)).toEqual(before);
    expect(await myDeliveries(customer)).toEqual([]);
  });

  it('needs approved KYC, and is refused to staff signed in as the customer', async () => {
    const unverified = await createCustomer(t);
    const ring = await custodyItem(t, unverified.userId, 'Ring', '100');
    expect(errorOf(await ask(unverified, { valuableId: ring }), 403)).toEqual({
      code: 'KYC_REQUIRED',
      message: 'Please complete identity verification (KYC) first.',
    });
    expect(await rowOf(ring)).toMatchObject({ status: 'active' });

    const customer = await verifiedCustomer(t);
    const brooch = await custodyItem(t, customer.userId, 'Brooch', '100');
    const asStaff = await impersonated(t, customer, staff.userId);
    expect(errorOf(await ask(asStaff, { valuableId: brooch }), 403).code).toBe(
      'IMPERSONATION_FORBIDDEN',
    );
    expect(await rowOf(brooch)).toMatchObject({ status: 'active' });
    // Nor may they cancel one the customer asked for.
    const delivery = await asked(customer, { valuableId: brooch });
    expect(errorOf(await cancel(asStaff, delivery.id), 403).code).toBe('IMPERSONATION_FORBIDDEN');
    expect((await deliveryRow(delivery.id))?.status).toBe('pending');
  });

  it('checks the recipient: every field, the email and the phone number', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '100');
    for (const [body, path, message] of [
      [
        { ...recipient, recipientPhone: '12345' },
        'body.recipientPhone',
        'custody:errors.phoneInvalid',
      ],
      [
        { ...recipient, recipientPhone: '+97150' },
        'body.recipientPhone',
        'custody:errors.phoneInvalid',
      ],
      [{ ...recipient, recipientName: '  ' }, 'body.recipientName', 'custody:errors.allRequired'],
      [
        { ...recipient, recipientAddress: '' },
        'body.recipientAddress',
        'custody:errors.allRequired',
      ],
    ] as const) {
      const res = await ask(customer, { valuableId: ring }, undefined, body);
      expect(errorOf(res, 400).code).toBe('VALIDATION');
      expect(issuesOf(res)).toEqual([{ path, message }]);
    }
    const badEmail = await ask(customer, { valuableId: ring }, undefined, {
      ...recipient,
      recipientEmail: 'not-an-email',
    });
    expect(errorOf(badEmail, 400).code).toBe('VALIDATION');
    expect(issuesOf(badEmail)?.map((issue) => issue.path)).toEqual(['body.recipientEmail']);
    const { recipientPhone: _phone, ...withoutPhone } = recipient;
    const missing = await ask(customer, { valuableId: ring }, undefined, withoutPhone);
    expect(issuesOf(missing)?.map((issue) => issue.path)).toEqual(['body.recipientPhone']);
    // A UK number in its international form is as good as a UAE one.
    const uk = await ask(customer, { valuableId: ring }, undefined, {
      ...recipient,
      recipientPhone: '+447911123456',
    });
    expect(uk.statusCode, uk.body).toBe(201);
  });

  it('refuses what is not the customer’s to send, or is busy, or is a debt', async () => {
    const customer = await verifiedCustomer(t);
    const other = await verifiedCustomer(t);
    const theirs = await custodyItem(t, other.userId, 'Their ring', '100');
    const delivered = await custodyItem(t, customer.userId, 'Gone', '100');
    await t.ctx.db
      .update(valuables)
      .set({ status: 'delivered' })
      .where(eq(valuables.id, delivered));
    for (const id of [theirs, randomUUID(), delivered]) {
      expect(errorOf(await ask(customer, { valuableId: id }), 404)).toEqual({
        code: 'NOT_FOUND',
        message: 'No such valuable.',
      });
    }
    const vase = await custodyItem(t, customer.userId, 'Vase', '800', 'artwork');
    await asked(customer, { valuableId: vase });
    expect(errorOf(await ask(customer, { valuableId: vase }), 422)).toEqual({
      code: 'ASSET_UNAVAILABLE',
      message: 'Your Vase is already out for delivery.',
    });
    const owed = await custodyItem(t, customer.userId, 'Storage fee owed', '-40', 'other');
    expect(errorOf(await ask(customer, { valuableId: owed }), 422)).toEqual({
      code: 'ASSET_UNAVAILABLE',
      message: 'Storage fee owed is not an asset that can be delivered.',
    });
    expect(await rowOf(owed)).toMatchObject({ status: 'active', estimatedValue: '-40.00000000' });
    expect(await rowOf(theirs)).toMatchObject({ status: 'active', userId: other.userId });
    expect(await myDeliveries(customer)).toHaveLength(1);
    expect(await myDeliveries(other)).toEqual([]);
  });

  it('needs an Idempotency-Key, and a replay asks once', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '100');
    const noKey = await call(
      t,
      'POST',
      '/me/deliveries',
      { valuableId: ring, ...recipient },
      { cookie: customer.cookie },
    );
    expect(errorOf(noKey, 400).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await ask(customer, { valuableId: ring }, key);
    expect(first.statusCode, first.body).toBe(201);
    const mails = await mailCount(t, customer.email);
    const again = await ask(customer, { valuableId: ring }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await myDeliveries(customer)).toHaveLength(1);
    expect(await mailCount(t, customer.email)).toBe(mails);
  });
});

describe('the customer cancelling', () => {
  it('returns the item while pending or processing, a part rejoining its position', async () => {
    const customer = await verifiedCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const gold = await positionOf(t, customer.userId, 'AU');
    const ring = await custodyItem(t, customer.userId, 'Ring', '450');
    const part = await asked(customer, { valuableId: gold?.id ?? '', quantity: '300' });
    const whole = await asked(customer, { valuableId: ring });
    await moved(whole.id, 'processing');
    const worth = await netWorth(customer);

    const socket = await openSocket(t, customer.cookie);
    try {
      const res = await cancel(customer, part.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: part.id, status: 'cancelled' });
      // The customer's answer: no staff fields.
      expect(res.json()).not.toHaveProperty('userEmail');
      await socket.waitFor(['valuables', 'requests']);
    } finally {
      socket.close();
    }
    expect(await rowOf(part.valuableId ?? '')).toBeUndefined();
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({
      id: gold?.id,
      quantity: '1000.00000000',
      estimatedValue: '57.00000000',
    });
    const cancelled = await cancel(customer, whole.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await rowOf(ring)).toMatchObject({ status: 'active', estimatedValue: '450.00000000' });
    expect(await netWorth(customer)).toBe(worth);
    expect(
      (await valuablesOf(t, customer.userId)).filter((row) => row.status !== 'active'),
    ).toEqual([]);
    await expectHoldingsMatchJournal(t, customer.userId);

    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your delivery is cancelled — Secure Vault');
    expect(mail?.text).toContain('The delivery was cancelled and the item is back in your vault.');
    const audit = await auditRows(t, 'delivery.status_changed', customer.userId);
    expect(
      audit
        .filter((row) => row.actorId === customer.userId)
        .map((row) => row.details)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual(
      [
        { deliveryId: part.id, status: 'cancelled', byCustomer: true },
        { deliveryId: whole.id, status: 'cancelled', byCustomer: true },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
  });

  it('returns a part as a position of its own when the rest was sold meanwhile', async () => {
    const customer = await verifiedCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const gold = await positionOf(t, customer.userId, 'AU');
    const part = await asked(customer, { valuableId: gold?.id ?? '', quantity: '400' });
    const sold = await trade(t, customer, { side: 'sell', asset: 'AU', quantity: '600' });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await cancel(customer, part.id)).statusCode).toBe(200);
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({
      id: part.valuableId,
      quantity: '400.00000000',
    });
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('is too late once shipped, cannot cancel twice, and cannot touch another customer’s', async () => {
    const customer = await verifiedCustomer(t);
    const other = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '100');
    const vase = await custodyItem(t, customer.userId, 'Vase', '100', 'artwork');
    const shipped = await asked(customer, { valuableId: ring });
    await moved(shipped.id, 'processing');
    await moved(shipped.id, 'shipped');
    expect(errorOf(await cancel(customer, shipped.id), 409)).toEqual({
      code: 'CONFLICT',
      message: 'A delivery that is shipped cannot become cancelled.',
    });
    const pending = await asked(customer, { valuableId: vase });
    expect(errorOf(await cancel(other, pending.id), 404)).toEqual({
      code: 'NOT_FOUND',
      message: 'This delivery request was not found.',
    });
    expect((await deliveryRow(pending.id))?.status).toBe('pending');
    expect((await cancel(customer, pending.id)).statusCode).toBe(200);
    expect(errorOf(await cancel(customer, pending.id), 409).message).toBe(
      'A delivery that is cancelled cannot become cancelled.',
    );
    expect(await rowOf(ring)).toMatchObject({ status: 'in_delivery' });
    await expectHoldingsMatchJournal(t, customer.userId);
  });
});

describe('staff moving a delivery on', () => {
  it('goes pending → processing → shipped → delivered, one step at a time', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Diamond ring', '2500.00');
    await custodyItem(t, customer.userId, 'Brooch', '40.00');
    const delivery = await asked(customer, { valuableId: ring });
    const refuse = async (status: string, from: string) => {
      expect(errorOf(await setStatus(delivery.id, status), 409)).toEqual({
        code: 'CONFLICT',
        message: `A delivery that is ${from} cannot become ${status}.`,
      });
      expect((await deliveryRow(delivery.id))?.status).toBe(from);
    };
    for (const status of ['pending', 'shipped', 'delivered']) await refuse(status, 'pending');
    const processing = await moved(delivery.id, 'processing');
    expect(processing).toMatchObject({
      id: delivery.id,
      status: 'processing',
      userId: customer.userId,
      userEmail: customer.email,
      itemName: 'Diamond ring',
    });
    for (const status of ['pending', 'processing', 'delivered']) await refuse(status, 'processing');
    await moved(delivery.id, 'shipped');
    for (const status of ['pending', 'processing', 'cancelled']) await refuse(status, 'shipped');
    expect(await rowOf(ring)).toMatchObject({ status: 'in_delivery' });
    expect(await netWorth(customer)).toBe('2540.00000000');

    clock.advance(60_000);
    const socket = await openSocket(t, customer.cookie);
    try {
      const done = await moved(delivery.id, 'delivered');
      expect(done).toMatchObject({ status: 'delivered', updatedAt: '2026-11-21T10:01:00.000Z' });
      await socket.waitFor(['valuables', 'requests']);
    } finally {
      socket.close();
    }
    // Out of the vault and out of net worth, with a journal row saying so.
    expect(await rowOf(ring)).toBeUndefined();
    expect(await netWorth(customer)).toBe('40.00000000');
    const journal = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, delivery.id), eq(ledgerEntries.valueDelta, '-2500')));
    expect(journal).toMatchObject([
      { userId: customer.userId, kind: 'delivery', valuableId: ring, actorId: staff.userId },
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);
    for (const status of ['cancelled', 'shipped', 'delivered']) await refuse(status, 'delivered');
    // The customer still sees what was delivered, as it was.
    expect(await myDeliveries(customer)).toMatchObject([
      { id: delivery.id, status: 'delivered', itemName: 'Diamond ring', valuableId: ring },
    ]);

    const audit = await auditRows(t, 'delivery.status_changed', customer.userId);
    expect(audit.map((row) => [row.actorId, (row.details as { status: string }).status])).toEqual([
      [staff.userId, 'processing'],
      [staff.userId, 'shipped'],
      [staff.userId, 'delivered'],
    ]);
    expect(audit[0]?.details).toEqual({
      deliveryId: delivery.id,
      status: 'processing',
      byCustomer: false,
    });
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Your delivery is delivered — Secure Vault');
    expect(mail?.text).toContain('It has been delivered and has left your vault.');
    // One mail when asked, one per step: nothing for the refused steps.
    expect(await mailCount(t, customer.email)).toBe(4);
  });

  it('delivers part of a metal position: the position stays, the part leaves', async () => {
    const customer = await verifiedCustomer(t, { cash: '100' });
    await buy(customer, 'AU', '1000');
    const gold = await positionOf(t, customer.userId, 'AU');
    const part = await asked(customer, { valuableId: gold?.id ?? '', quantity: '300' });
    expect(await netWorth(customer)).toBe('100.00000000');
    for (const status of ['processing', 'shipped', 'delivered']) await moved(part.id, status);
    expect(await rowOf(part.valuableId ?? '')).toBeUndefined();
    expect(await positionOf(t, customer.userId, 'AU')).toMatchObject({ quantity: '700.00000000' });
    // $100 less the $17.10 of 300 mg of gold.
    expect(await netWorth(customer)).toBe('82.90000000');
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('cancels before shipping, the item back in the vault', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '100');
    const delivery = await asked(customer, { valuableId: ring });
    const done = await moved(delivery.id, 'cancelled');
    expect(done.status).toBe('cancelled');
    expect(await rowOf(ring)).toMatchObject({ status: 'active' });
    expect(errorOf(await setStatus(delivery.id, 'processing'), 409).code).toBe('CONFLICT');
    const [audit] = await auditRows(t, 'delivery.status_changed', customer.userId);
    expect(audit).toMatchObject({
      actorId: staff.userId,
      details: { deliveryId: delivery.id, status: 'cancelled', byCustomer: false },
    });
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('answers an unknown delivery as missing, and a replayed key once', async () => {
    expect(errorOf(await setStatus(randomUUID(), 'processing'), 404)).toEqual({
      code: 'NOT_FOUND',
      message: 'This delivery request was not found.',
    });
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Ring', '100');
    const delivery = await asked(customer, { valuableId: ring });
    const key = randomUUID();
    const url = `/admin/deliveries/${delivery.id}/status`;
    const first = await moneyPost(t, staff, url, { status: 'processing' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await moneyPost(t, staff, url, { status: 'processing' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await auditRows(t, 'delivery.status_changed', customer.userId)).toHaveLength(1);
    const noKey = await call(t, 'POST', url, { status: 'shipped' }, { cookie: staff.cookie });
    expect(errorOf(noKey, 400).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('lists every delivery for staff, newest first, filtered by status', async () => {
    const customer = await verifiedCustomer(t);
    const first = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'First', '10'),
    });
    clock.advance(1000);
    const second = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Second', '10'),
    });
    await moved(first.id, 'processing');
    const all = await call(t, 'GET', '/admin/deliveries', undefined, { cookie: staff.cookie });
    expect(all.statusCode).toBe(200);
    const ids = all.json<AdminDelivery[]>().map((row) => row.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    const processing = await call(t, 'GET', '/admin/deliveries?status=processing', undefined, {
      cookie: staff.cookie,
    });
    const rows = processing.json<AdminDelivery[]>();
    expect(rows.every((row) => row.status === 'processing')).toBe(true);
    expect(rows.map((row) => row.id)).toContain(first.id);
    expect(rows.map((row) => row.id)).not.toContain(second.id);
    expect(rows.find((row) => row.id === first.id)).toMatchObject({
      userId: customer.userId,
      userEmail: customer.email,
      recipientPhone: recipient.recipientPhone,
    });
  });
});

describe('tracking', () => {
  it('adds records in any of the seven statuses, newest first, for staff and the customer', async () => {
    const customer = await verifiedCustomer(t);
    const ring = await custodyItem(t, customer.userId, 'Diamond ring', '100');
    const delivery = await asked(customer, { valuableId: ring });
    const added: string[] = [];
    const start = clock.now().getTime();
    const socket = await openSocket(t, customer.cookie);
    try {
      for (const status of trackingStatuses) {
        clock.advance(60_000);
        const res = await track(delivery.id, {
          status,
          location: status === 'in_transit' ? 'Dubai hub' : undefined,
          message: status === 'in_transit' ? 'Left the hub.\nOn time.' : undefined,
        });
        expect(res.statusCode, res.body).toBe(201);
        added.push(res.json<{ id: string }>().id);
      }
      await socket.waitFor(['requests']);
    } finally {
      socket.close();
    }
    // Tracking records do not move the delivery itself.
    expect((await deliveryRow(delivery.id))?.status).toBe('pending');

    const [mine] = await myDeliveries(customer);
    expect(mine?.tracking.map((record) => record.id)).toEqual([...added].reverse());
    expect(mine?.tracking.find((record) => record.status === 'in_transit')).toEqual({
      id: expect.any(String),
      deliveryId: delivery.id,
      status: 'in_transit',
      location: 'Dubai hub',
      message: 'Left the hub.\nOn time.',
      // The fourth record, four minutes on.
      createdAt: new Date(start + 4 * 60_000).toISOString(),
    });
    expect(mine?.tracking[0]).toMatchObject({ status: 'cancelled', location: null, message: null });

    const res = await call(t, 'GET', '/admin/tracking', undefined, { cookie: staff.cookie });
    expect(res.statusCode).toBe(200);
    const records = res
      .json<AdminTrackingRecord[]>()
      .filter((row) => row.deliveryId === delivery.id);
    expect(records.map((row) => row.id)).toEqual([...added].reverse());
    expect(records[0]).toMatchObject({
      recipientName: 'Layla Haddad',
      userId: customer.userId,
      userEmail: customer.email,
    });

    const audit = await auditRows(t, 'delivery.tracking_added', customer.userId);
    expect(audit).toHaveLength(7);
    expect(audit.every((row) => row.actorId === staff.userId)).toBe(true);
    expect(audit.map((row) => (row.details as { trackingId: string }).trackingId).sort()).toEqual(
      [...added].sort(),
    );
    const mail = await lastMail(t, customer.email);
    expect(mail?.subject).toBe('Delivery update: cancelled — Secure Vault');
    const [transit] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, customer.email.toLowerCase()),
          eq(mailOutbox.subject, 'Delivery update: in transit — Secure Vault'),
        ),
      );
    expect(transit?.text).toContain(
      'Your delivery of Diamond ring to Layla Haddad: in transit (Dubai hub).',
    );
    expect(transit?.text).toContain('Left the hub.\nOn time.');
  });

  it('ends the tracking with the cancellation, dated, whoever cancels, and only once', async () => {
    const customer = await verifiedCustomer(t);
    const mine = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Necklace', '100'),
    });
    await moved(mine.id, 'processing');
    clock.advance(60_000);
    expect((await track(mine.id, { status: 'in_transit', location: 'Dubai hub' })).statusCode).toBe(
      201,
    );
    clock.advance(60_000);
    const cancelledAt = clock.now().toISOString();
    expect((await cancel(customer, mine.id)).statusCode).toBe(200);
    const [entry] = await myDeliveries(customer);
    expect(entry?.status).toBe('cancelled');
    expect(entry?.tracking.map((record) => [record.status, record.createdAt])).toEqual([
      ['cancelled', cancelledAt],
      ['in_transit', expect.any(String)],
    ]);

    // Staff who recorded the cancellation first see it once, not twice.
    const other = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Bracelet', '100'),
    });
    clock.advance(60_000);
    expect((await track(other.id, { status: 'cancelled' })).statusCode).toBe(201);
    clock.advance(60_000);
    await moved(other.id, 'cancelled');
    const [latest] = await myDeliveries(customer);
    expect(latest?.id).toBe(other.id);
    expect(latest?.tracking.map((record) => record.status)).toEqual(['cancelled']);
  });

  it('refuses an unknown delivery and a status outside the seven', async () => {
    expect(errorOf(await track(randomUUID(), { status: 'in_transit' }), 404)).toEqual({
      code: 'NOT_FOUND',
      message: 'This delivery request was not found.',
    });
    const customer = await verifiedCustomer(t);
    const delivery = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Ring', '100'),
    });
    const res = await track(delivery.id, { status: 'lost' });
    expect(errorOf(res, 400).code).toBe('VALIDATION');
    expect(issuesOf(res)).toEqual([
      { path: 'body.status', message: 'custody:errors.statusRequired' },
    ]);
    expect((await myDeliveries(customer))[0]?.tracking).toEqual([]);
  });
});

describe('staff routes', () => {
  it('are refused to customers', async () => {
    const customer = await verifiedCustomer(t);
    const delivery = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Ring', '100'),
    });
    for (const res of [
      await call(t, 'GET', '/admin/deliveries', undefined, { cookie: customer.cookie }),
      await call(t, 'GET', '/admin/tracking', undefined, { cookie: customer.cookie }),
      await setStatus(delivery.id, 'processing', customer),
      await setStatus(delivery.id, 'cancelled', customer),
      await track(delivery.id, { status: 'in_transit' }, customer),
    ]) {
      expect(errorOf(res, 403).code).toBe('FORBIDDEN');
    }
    const [mine] = await myDeliveries(customer);
    expect(mine).toMatchObject({ status: 'pending', tracking: [] });
  });
});

describe('the customer’s list', () => {
  it('shows only their deliveries, newest first, each with its tracking newest first', async () => {
    const customer = await verifiedCustomer(t);
    const other = await verifiedCustomer(t);
    const older = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Older', '10'),
    });
    clock.advance(60_000);
    const newer = await asked(customer, {
      valuableId: await custodyItem(t, customer.userId, 'Newer', '10'),
    });
    await asked(other, { valuableId: await custodyItem(t, other.userId, 'Theirs', '10') });
    clock.advance(60_000);
    await track(older.id, { status: 'processing' });
    clock.advance(60_000);
    await track(older.id, { status: 'shipped', location: 'Jebel Ali' });
    const list = await myDeliveries(customer);
    expect(list.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(list[1]?.tracking.map((record) => record.status)).toEqual(['shipped', 'processing']);
    expect(list[0]?.tracking).toEqual([]);
  });
});
