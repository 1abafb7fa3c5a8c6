// Staff changes to custody items as the ledger function ledger_staff_item makes them, below the
// routes and the approvals that call it: what it writes (holding, journal, audit, notice) and what
// it refuses, with the API's texts.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownCaller } from '../db/caller.ts';
import type { Notice } from '../db/notices.ts';
import { auditLog, profiles } from '../db/schema.ts';
import { sqlCall, sqlCallText } from '../db/sql-function.ts';
import { ledgerEntries, valuables } from '../db/vault-schema.ts';
import { createCustomer, type Customer } from '../test/customers.ts';
import { listenToNotices, type NoticeListener } from '../test/notices.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { positionOf, trade } from '../test/trading.ts';
import { createUser } from '../test/users.ts';
import { ledgerBookBalance } from './functions.ts';
import { refusing } from './refusals.ts';
import { addCustodyItem, editCustodyItem, removeHolding, type StaffAudit } from './staff.ts';
import { snapshotOf } from './proposals.ts';

let t: TestApp;
let customer: Customer;
let staffId: string;
let listener: NoticeListener;
let heard: Notice[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, { cash: '1000' });
  staffId = (await createUser(t, 'staff')).userId;
  listener = await listenToNotices(t.ctx.database);
  heard = listener.heard;
}, 60_000);
afterAll(async () => {
  await listener.stop();
  await t.close();
});

const ring = {
  itemName: 'Diamond ring',
  itemType: 'jewelry',
  estimatedValue: '2500.00',
  description: 'Platinum band',
  storageLocation: 'Vault A',
};
const audit = (action: StaffAudit['action']): StaffAudit => ({
  action,
  details: { proposalId: randomUUID() },
  ip: '203.0.113.9',
});
const asStaff = () => knownCaller(customer.userId, staffId);
const at = () => t.ctx.clock.now();

async function journalOf(valuableId: string) {
  return t.ctx.db
    .select({
      kind: ledgerEntries.kind,
      valueDelta: ledgerEntries.valueDelta,
      quantityDelta: ledgerEntries.quantityDelta,
      actorId: ledgerEntries.actorId,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.valuableId, valuableId))
    .orderBy(ledgerEntries.createdAt);
}

/** Waits for the customer's pages to be told their valuables changed (coalesced sends: one each). */
async function expectToldOfValuables(): Promise<void> {
  await expect
    .poll(() => heard.some((n) => n.userId === customer.userId && n.topic === 'valuables'))
    .toBe(true);
  heard.length = 0;
}

async function lastAudit(action: string) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, customer.userId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row;
}

describe('a custody item changed by staff', () => {
  it('is added, edited and removed with a journal row, an audit row and a notice each', async () => {
    heard.length = 0;
    const added = await addCustodyItem(t.ctx.database, asStaff(), {
      item: ring,
      at: at(),
      audit: audit('admin.valuable_added'),
    });
    expect(added).toMatchObject({
      userId: customer.userId,
      itemName: 'Diamond ring',
      estimatedValue: '2500.00000000',
      status: 'active',
    });
    expect((await lastAudit('admin.valuable_added'))?.details).toMatchObject({
      valuableId: added.id,
    });
    await expectToldOfValuables();

    const edited = await editCustodyItem(t.ctx.database, asStaff(), {
      valuableId: added.id,
      item: { ...ring, estimatedValue: '2600.00', storageLocation: 'Vault B' },
      at: at(),
      audit: audit('admin.valuable_edited'),
    });
    expect(edited).toMatchObject({ estimatedValue: '2600.00000000', storageLocation: 'Vault B' });
    // The audit keeps the fields before and after as the API shows them.
    expect((await lastAudit('admin.valuable_edited'))?.details).toMatchObject({
      valuableId: added.id,
      before: snapshotOf(added),
      after: snapshotOf(edited),
    });
    await expectToldOfValuables();

    await removeHolding(t.ctx.database, asStaff(), {
      valuableId: added.id,
      at: at(),
      audit: audit('admin.valuable_deleted'),
    });
    expect(await t.ctx.db.select().from(valuables).where(eq(valuables.id, added.id))).toEqual([]);
    expect(await journalOf(added.id)).toEqual([
      { kind: 'admin_add', valueDelta: '2500.00000000', quantityDelta: null, actorId: staffId },
      { kind: 'admin_edit', valueDelta: '100.00000000', quantityDelta: null, actorId: staffId },
      { kind: 'admin_delete', valueDelta: '-2600.00000000', quantityDelta: null, actorId: staffId },
    ]);
    await expectToldOfValuables();
  });

  it('removes a traded position with its whole quantity, but never edits one', async () => {
    expect(
      (await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '500' })).statusCode,
    ).toBe(201);
    const gold = await positionOf(t, customer.userId, 'AU');
    if (!gold) throw new Error('no gold bought');
    await expect(
      editCustodyItem(t.ctx.database, asStaff(), {
        valuableId: gold.id,
        item: ring,
        at: at(),
        audit: audit('admin.valuable_edited'),
      }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message:
        "A traded position's value follows its quantity at listed prices; staff can only delete it.",
    });
    await removeHolding(t.ctx.database, asStaff(), {
      valuableId: gold.id,
      at: at(),
      audit: audit('admin.valuable_deleted'),
    });
    const [, removed] = await journalOf(gold.id);
    expect(removed).toMatchObject({
      kind: 'admin_delete',
      quantityDelta: '-500.00000000',
      valueDelta: `-${gold.estimatedValue}`,
    });
  });

  it('refuses cash, an item fixed for a term, another customer’s item and an unknown customer', async () => {
    const item = await addCustodyItem(t.ctx.database, asStaff(), {
      item: ring,
      at: at(),
      audit: audit('admin.valuable_added'),
    });
    await t.ctx.db.update(valuables).set({ status: 'locked' }).where(eq(valuables.id, item.id));
    const [cash] = await t.ctx.db
      .select()
      .from(valuables)
      .where(and(eq(valuables.userId, customer.userId), eq(valuables.assetSymbol, 'USD')));
    for (const valuableId of [item.id, cash?.id ?? '']) {
      await expect(
        removeHolding(t.ctx.database, asStaff(), {
          valuableId,
          at: at(),
          audit: audit('admin.valuable_deleted'),
        }),
      ).rejects.toMatchObject({
        code: 'ASSET_UNAVAILABLE',
        message:
          'This valuable is fixed for a term, in delivery or delivered; it cannot be changed now.',
      });
    }
    const other = await createCustomer(t);
    await expect(
      removeHolding(t.ctx.database, knownCaller(other.userId, staffId), {
        valuableId: item.id,
        at: at(),
        audit: audit('admin.valuable_deleted'),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such valuable.' });
    await expect(
      addCustodyItem(t.ctx.database, knownCaller(randomUUID(), staffId), {
        item: ring,
        at: at(),
        audit: audit('admin.valuable_added'),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such user.' });
    // Nothing was written for the refusals: the locked item has only its addition.
    expect((await journalOf(item.id)).map((row) => row.kind)).toEqual(['admin_add']);
  });
});

describe('a book balance approved', () => {
  const approve = (amount: string, maker: string) => {
    const call = sqlCall(ledgerBookBalance, {
      p_user: customer.userId,
      p_maker: maker,
      p_checker: staffId,
      p_amount: amount,
      p_proposal: randomUUID(),
      p_at: at().toISOString(),
      p_ip: null,
    });
    return refusing(() =>
      t.ctx.database.query<{ balance: string }>(
        { name: `test_${call.key}`, text: `select ${sqlCallText(call)}::text as balance` },
        call.params,
      ),
    );
  };

  it('credits only the amount still pending from its maker, and clears it', async () => {
    const maker = (await createUser(t, 'maker')).userId;
    await t.ctx.db
      .update(profiles)
      .set({ bookBalance: '250.00', bookBalanceRecordedBy: maker, bookBalanceRecordedAt: at() })
      .where(eq(profiles.userId, customer.userId));
    const [cashBefore] = await t.ctx.db
      .select({ value: valuables.estimatedValue })
      .from(valuables)
      .where(and(eq(valuables.userId, customer.userId), eq(valuables.assetSymbol, 'USD')));
    const conflict = {
      code: 'CONFLICT',
      message: 'The pending book balance is no longer the one proposed; review it again.',
    };
    // Another amount, or the same amount recorded by someone else: replaced meanwhile.
    await expect(approve('300.00', maker)).rejects.toMatchObject(conflict);
    await expect(approve('250.00', staffId)).rejects.toMatchObject(conflict);

    const [credited] = await approve('250.00', maker);
    expect(Number(credited?.balance)).toBe(Number(cashBefore?.value) + 250);
    const [profile] = await t.ctx.db
      .select({ bookBalance: profiles.bookBalance, recordedBy: profiles.bookBalanceRecordedBy })
      .from(profiles)
      .where(eq(profiles.userId, customer.userId));
    expect(profile).toEqual({ bookBalance: '0', recordedBy: null });
    expect((await lastAudit('admin.book_balance_approved'))?.details).toMatchObject({
      amount: '250.00',
      recordedBy: maker,
    });
    // Approved once: a second approval finds nothing pending.
    await expect(approve('250.00', maker)).rejects.toMatchObject(conflict);
  });
});
