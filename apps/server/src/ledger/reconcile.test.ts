// The reconciliation: after every kind of real movement (trades, a swap, transfers of a position,
// of cash and of a custody item, a deposit staff completed, a fixed term and its maturity, a
// delivery taken out of the vault, staff custody changes, each staff change proposed by one staff
// member and approved by another) the ledger is whole; a row corrupted by
// hand is reported exactly, by the staff route and by `npm run check:ledger`'s exit code.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReport } from '@secure-vault/shared/ledger-check/contracts';
import { dec } from '@secure-vault/shared/money';
import { knownCaller } from '../db/caller.ts';
import { createAccount } from '../auth/accounts.ts';
import { openDatabase } from '../db/client.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { call } from '../test/auth-helpers.ts';
import { proposeAndApprove, settleApproved, valuableIdOf } from '../test/approvals.ts';
import { createCustomer, type Customer } from '../test/customers.ts';
import {
  cardDeposit,
  cashIdOf,
  createStaffMember,
  moneyPost,
  sendTransfer,
  verifiedCustomer,
} from '../test/money-movements.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { positionOf, swap, trade } from '../test/trading.ts';
import { createUser } from '../test/users.ts';
import { creditCash } from './cash.ts';
import { reconcileLedger } from './reconcile.ts';
import { formatLedgerReport } from './reconcile-report.ts';
import { addCustodyItem } from './staff.ts';

let t: TestApp;
let staff: Customer;
let layla: Customer;
let omar: Customer;

const ok = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const res = await response;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.body === '' ? undefined : res.json()) as T;
};

const ring = (userId: string, value = '2500.00') =>
  addCustodyItem(t.ctx.database, knownCaller(userId, staff.userId), {
    item: {
      itemName: 'Diamond ring',
      itemType: 'jewelry',
      estimatedValue: value,
      description: null,
      storageLocation: 'Vault A',
    },
    at: t.ctx.clock.now(),
    audit: { action: 'admin.valuable_added', details: {}, ip: null },
  });

/**
 * A staff change as the web app sends it, with an Idempotency-Key: proposed by `staff`,
 * approved by a second staff member; returns the valuable it changed.
 */
async function asStaff(method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  const { proposal, approval } = await proposeAndApprove(t, staff, method, url, body);
  expect(approval.statusCode, approval.body).toBe(200);
  return { id: await valuableIdOf(t, proposal.id) };
}

async function raw(statement: ReturnType<typeof sql>) {
  await t.ctx.db.execute(statement);
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffMember(t);
  layla = await verifiedCustomer(t, { cash: '20000.00', label: 'layla' });
  omar = await verifiedCustomer(t, { cash: '150.00', label: 'omar' });

  // Trades in metals and crypto, a sale and a swap (sub-cent rounding goes to the platform).
  await ok(trade(t, layla, { side: 'buy', asset: 'AU', quantity: '10000' }));
  await ok(trade(t, layla, { side: 'buy', asset: 'BTC', quantity: '0.01' }));
  await ok(trade(t, layla, { side: 'buy', asset: 'XRP', quantity: '3.33' }));
  await ok(trade(t, layla, { side: 'sell', asset: 'AU', quantity: '1234' }));
  await ok(swap(t, layla, { from: 'AU', to: 'AG', quantity: '1000' }));
  // Transfers: part of a position, part of the cash, and a custody item whole.
  const gold = await positionOf(t, layla.userId, 'AU');
  await ok(sendTransfer(t, layla, omar, gold?.id ?? '', '500'));
  await ok(sendTransfer(t, layla, omar, await cashIdOf(t, layla.userId), '75.25'));
  const laylaRing = await ring(layla.userId);
  await ok(sendTransfer(t, layla, omar, laylaRing.id));
  // A sale that empties a position (its row is deleted; its journal rows must net to zero).
  await ok(trade(t, layla, { side: 'sell', asset: 'XRP', quantity: '3.33' }));
  // A card deposit completed by staff.
  const deposit = await ok<{ id: string }>(cardDeposit(t, omar, '500.00'));
  const settled = await settleApproved(t, staff, 'card_deposit', deposit.id, 'completed');
  expect(settled.transfer?.status).toBe('completed');
  // A fixed term on part of the gold, matured (profit credited, the part rejoins its position).
  const term = await ok<{ maturesAt: string }>(
    moneyPost(t, layla, '/me/fixed-terms', {
      valuableId: (await positionOf(t, layla.userId, 'AU'))?.id,
      months: 1,
      quantity: '2000',
    }),
  );
  await runDueJobs(t.ctx, new Date(term.maturesAt));
  // A delivery of the received ring, taken all the way out of the vault.
  const delivery = await ok<{ id: string }>(
    moneyPost(t, omar, '/me/deliveries', {
      valuableId: laylaRing.id,
      recipientName: 'Omar Haddad',
      recipientEmail: omar.email,
      recipientPhone: '+971501234567',
      recipientAddress: 'Villa 3, Dubai',
    }),
  );
  for (const status of ['processing', 'shipped', 'delivered']) {
    await ok(moneyPost(t, staff, `/admin/deliveries/${delivery.id}/status`, { status }));
  }
  // Staff custody changes: added, revalued, and one removed.
  const added = await asStaff('POST', '/admin/valuables', {
    userId: omar.userId,
    itemName: 'Painting',
    itemType: 'artwork',
    estimatedValue: '900.00',
  });
  await asStaff('PATCH', `/admin/valuables/${added.id}`, {
    itemName: 'Painting',
    itemType: 'artwork',
    estimatedValue: '1200.00',
  });
  const removed = await ring(omar.userId, '10.00');
  await asStaff('DELETE', `/admin/valuables/${removed.id}`);
}, 60_000);
afterAll(() => t.close());

describe('the reconciliation after real movements', () => {
  it('finds every holding equal to its journal, and the platform totals agreeing', async () => {
    const report = await reconcileLedger(t.ctx.db, t.ctx.clock.now());
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    // Staff act on customers' holdings; their own journal is empty.
    expect(report.customers).toBe(2);
    // Layla: cash, gold, bitcoin, silver; Omar: cash, gold, the painting.
    expect(report.holdings).toBe(7);
    expect(report.platform.holdingsValue).toBe(report.platform.journalValue);
    expect(report.platform.deposits).toBe('20650.00000000');
    expect(dec(report.platform.fixedTermProfit).isPositive()).toBe(true);
    expect(report.platform.delivered).toBe('2500.00000000');
    expect(report.platform.staffAdjustments).toBe('3700.00000000');
    expect(report.journalPosition).not.toBeNull();
    expect(report.platform.journalRows).toBeGreaterThan(20);
  });

  it('gives the platform position per asset: what customers hold, and where it came from', async () => {
    const report = await reconcileLedger(t.ctx.db, t.ctx.clock.now());
    const byAsset = new Map(report.positions.map((position) => [position.asset, position]));
    expect(report.positions[0]?.asset).toBe('USD');
    expect(report.positions.at(-1)?.asset).toBeNull();
    // Every movement balanced, so each asset's accounts sum to zero.
    for (const position of report.positions) {
      const { asset, ...accounts } = position;
      expect(
        Object.values(accounts)
          .reduce((total, amount) => total.plus(amount), dec(0))
          .toFixed(8),
        asset ?? 'custody items',
      ).toBe('0.00000000');
    }
    const cash = byAsset.get('USD');
    expect(cash?.customers).toBe(report.platform.cash);
    expect(cash?.rounding).toBe(report.platform.roundingAccount);
    expect(
      dec(cash?.interest ?? '0')
        .negated()
        .toFixed(8),
    ).toBe(report.platform.fixedTermProfit);
    // The gold customers bought came out of the trading book.
    const gold = byAsset.get('AU');
    expect(dec(gold?.customers ?? '0').isPositive()).toBe(true);
    expect(gold?.tradingBook).toBe(
      dec(gold?.customers ?? '0')
        .negated()
        .toFixed(8),
    );
    // Custody items came in through the intake; the delivered one went out to the world.
    const items = byAsset.get(null);
    expect(items?.world).toBe('2500.00000000');
    expect(report.movements).toBeGreaterThan(10);
  });

  it('is what staff read, and refused to customers and strangers', async () => {
    const res = await call(t, 'GET', '/admin/ledger-check', undefined, { cookie: staff.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.json<LedgerReport>();
    expect(report.ok).toBe(true);
    expect(report.differences).toEqual([]);
    const customer = await call(t, 'GET', '/admin/ledger-check', undefined, {
      cookie: layla.cookie,
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
    expect(customer.body).not.toContain(layla.email);
    const anonymous = await call(t, 'GET', '/admin/ledger-check');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a hand-corrupted row', () => {
  it('is reported exactly: a quantity changed without its journal row', async () => {
    const gold = await positionOf(t, layla.userId, 'AU');
    if (!gold?.quantity) throw new Error('no gold');
    await raw(sql`update valuables set quantity = quantity + 1 where id = ${gold.id}`);
    try {
      const report = await reconcileLedger(t.ctx.db);
      expect(report.ok).toBe(false);
      expect(report.differences).toEqual([
        {
          userId: layla.userId,
          email: layla.email,
          valuableId: gold.id,
          itemName: gold.itemName,
          kind: 'quantity',
          expected: gold.quantity,
          actual: dec(gold.quantity).plus(1).toFixed(8),
        },
      ]);
      const res = await call(t, 'GET', '/admin/ledger-check', undefined, { cookie: staff.cookie });
      expect(res.json<LedgerReport>().differences).toEqual(report.differences);
    } finally {
      await raw(sql`update valuables set quantity = quantity - 1 where id = ${gold.id}`);
    }
    expect((await reconcileLedger(t.ctx.db)).ok).toBe(true);
  });

  it('is reported exactly: cash set negative behind the check constraint', async () => {
    const cashId = await cashIdOf(t, omar.userId);
    await raw(sql`alter table valuables drop constraint valuables_cash_not_negative`);
    const result: unknown = await t.ctx.db.execute(
      sql`select estimated_value::text as value from valuables where id = ${cashId}`,
    );
    const [before] = (result as { rows: { value: string }[] }).rows;
    await raw(sql`update valuables set estimated_value = -5 where id = ${cashId}`);
    try {
      const report = await reconcileLedger(t.ctx.db);
      expect(report.ok).toBe(false);
      const who = { userId: omar.userId, email: omar.email, valuableId: cashId, itemName: 'Cash' };
      expect(report.differences).toEqual([
        { ...who, kind: 'value', expected: before?.value, actual: '-5.00000000' },
        { ...who, kind: 'negative_cash', expected: '0.00000000', actual: '-5.00000000' },
        {
          userId: null,
          email: null,
          valuableId: null,
          itemName: null,
          kind: 'platform',
          expected: report.platform.journalValue,
          actual: report.platform.holdingsValue,
        },
      ]);
      expect(
        dec(report.platform.journalValue).minus(report.platform.holdingsValue).toFixed(2),
      ).toBe(
        dec(before?.value ?? '0')
          .plus(5)
          .toFixed(2),
      );
    } finally {
      await raw(sql`update valuables set estimated_value = ${before?.value} where id = ${cashId}`);
      await raw(
        sql`alter table valuables add constraint valuables_cash_not_negative check (asset_symbol is distinct from 'USD' or estimated_value >= 0)`,
      );
    }
    expect((await reconcileLedger(t.ctx.db)).ok).toBe(true);
  });

  it('is reported: a fraction of a cent slipped into cash, and a holding deleted by hand', async () => {
    const stranger = await createCustomer(t, { cash: '10.00', label: 'stranger' });
    const cashId = await cashIdOf(t, stranger.userId);
    await raw(sql`update valuables set estimated_value = 10.005 where id = ${cashId}`);
    const item = await ring(stranger.userId, '99.99');
    await raw(sql`delete from valuables where id = ${item.id}`);
    const report = await reconcileLedger(t.ctx.db);
    expect(report.ok).toBe(false);
    expect(
      report.differences.map((d) => [d.kind, d.userId, d.valuableId, d.expected, d.actual]),
    ).toEqual([
      ['value', stranger.userId, cashId, '10.00000000', '10.00500000'],
      ['fractional_cash', stranger.userId, cashId, '10.01000000', '10.00500000'],
      ['orphan_journal', stranger.userId, item.id, '0.00000000', '99.99000000'],
      ['platform', null, null, report.platform.journalValue, report.platform.holdingsValue],
    ]);
    // Put back as the journal says, so the next tests start whole.
    await raw(sql`update valuables set estimated_value = 10 where id = ${cashId}`);
    await creditCash(t.ctx.database, knownCaller(stranger.userId), {
      kind: 'deposit',
      amount: '1.00',
      at: t.ctx.clock.now(),
    });
    const again = await reconcileLedger(t.ctx.db);
    expect(again.differences.map((d) => d.kind)).toEqual(['orphan_journal', 'platform']);
  });

  it('is reported: a custody item handed to someone else without a journal row', async () => {
    const [owner, other] = [await createUser(t, 'owner'), await createUser(t, 'other')];
    const item = await ring(owner.userId, '300.00');
    await raw(sql`update valuables set user_id = ${other.userId} where id = ${item.id}`);
    const report = await reconcileLedger(t.ctx.db);
    const about = report.differences.filter((d) => d.valuableId === item.id);
    expect(about.map((d) => [d.kind, d.userId, d.expected, d.actual])).toEqual([
      ['value', other.userId, '0.00000000', '300.00000000'],
      ['owner', owner.userId, '0.00000000', '300.00000000'],
    ]);
  });
});

describe('a movement written behind the balance check', () => {
  it('is reported as unbalanced, with its movement and what is left over', async () => {
    await raw(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
    try {
      await raw(sql`insert into ledger_entries (account, asset_symbol, kind, quantity_delta, value_delta)
        values ('world', 'XAG', 'delivery', 7, 0)`);
    } finally {
      await raw(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
    }
    const report = await reconcileLedger(t.ctx.db);
    expect(report.ok).toBe(false);
    const unbalanced = report.differences.filter((d) => d.kind === 'unbalanced');
    expect(unbalanced).toEqual([
      {
        userId: null,
        email: null,
        valuableId: null,
        itemName: 'XAG',
        kind: 'unbalanced',
        expected: '0.00000000',
        actual: '7.00000000',
        movement: expect.stringMatching(/^\d+$/),
      },
    ]);
    expect(formatLedgerReport(report)).toContain(
      `DIFFERENCE unbalanced: movement ${unbalanced[0]?.movement} XAG: expected 0, actual 7.00000000`,
    );
    expect(report.positions.find((position) => position.asset === 'XAG')?.world).toBe('7.00000000');
  });
});

describe('npm run check:ledger', () => {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const script = path.join(root, 'apps/server/src/cli/check-ledger.ts');
  const pinned = path.join(root, 'node_modules/node/bin/node');
  const node = existsSync(pinned) ? pinned : process.execPath;
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sv-check-ledger-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function run(env: Record<string, string>) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(node, [script], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  async function onDataDir(
    work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
  ) {
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      await work(database);
    } finally {
      await database.close();
    }
  }

  it('exits 0 on a whole ledger, 1 on a corrupted one, 2 when it cannot run', async () => {
    let userId = '';
    await onDataDir(async (database) => {
      ({ userId } = await createAccount(database.db, {
        email: 'cli@example.com',
        passwordHash: 'not-a-real-hash',
        roles: ['user'],
        now: new Date(),
      }));
      await creditCash(database, knownCaller(userId), {
        kind: 'deposit',
        amount: '250.00',
        at: new Date(),
      });
    });
    const clean = await run({ DATA_DIR: dataDir });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/Ledger OK: 1 customers, 1 holdings, journal position \d{4}-/);
    expect(clean.stdout).toContain('deposits            250.00000000');

    await onDataDir(async (database) => {
      await database.db.execute(
        sql`update valuables set estimated_value = estimated_value + 1 where user_id = ${userId}`,
      );
    });
    const corrupted = await run({ DATA_DIR: dataDir });
    expect(corrupted.code).toBe(1);
    expect(corrupted.stdout).toContain('DIFFERENCE value: cli@example.com Cash');
    expect(corrupted.stdout).toContain('expected 250.00000000, actual 251.00000000');
    expect(corrupted.stdout).toContain('Ledger NOT OK: 2 difference(s)');

    const broken = await run({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://nowhere/x' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('The ledger check cannot run');
  }, 120_000);
});
