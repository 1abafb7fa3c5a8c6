// Staff and the price book (decision 028, DESIGN §4 "Dual control"): a price change is a proposal
// one staff member makes and a different one approves into the book, once; until then the book is
// unchanged. What customers hold is worth what the book says now — on the dashboard, in the vault,
// in the staff net worth — and approving after the book moved since the proposal is refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { proposalSchema } from '@secure-vault/shared/approvals';
import { findAsset } from '@secure-vault/shared/catalogue';
import { priceBookSchema, staffPriceBookSchema } from '@secure-vault/shared/prices';
import { reconcileLedger } from '../../ledger/reconcile.ts';
import { recordPrice } from '../../prices/book.ts';
import { approveProposal, rejectProposal, withdrawProposal } from '../../test/approvals.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { createStaffMember, moneyPost } from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import { trade } from '../../test/trading.ts';

// After the opening book was written (when the run's template database was migrated).
const clock = manualClock(new Date(Date.now() + 60_000));
let t: TestApp;
let maker: Customer;
let checker: Customer;
let holder: Customer;
beforeAll(async () => {
  t = await createTestApp({ clock });
  maker = await createStaffMember(t);
  checker = await createStaffMember(t);
  holder = await createCustomer(t, { cash: '20000.00' });
});
afterAll(() => t.close());

const propose = (staff: Customer, symbol: string, body: unknown, key?: string) =>
  moneyPost(t, staff, `/admin/prices/${symbol}`, body, key);

async function publicPrice(symbol: string) {
  const r = await call(t, 'GET', '/prices');
  if (r.statusCode !== 200) console.log('PUBLIC', r.statusCode, r.body);
  const book = priceBookSchema.parse(r.json());
  const found = book.prices.find((price) => price.symbol === symbol);
  if (!found) throw new Error(`no ${symbol}`);
  return found;
}

async function staffBook(staff: Customer) {
  const res = await call(t, 'GET', '/admin/prices', undefined, { cookie: staff.cookie });
  expect(res.statusCode).toBe(200);
  return staffPriceBookSchema.parse(res.json());
}

async function proposed(staff: Customer, symbol: string, body: unknown) {
  clock.advance(1000);
  const res = await propose(staff, symbol, body);
  expect(res.statusCode, res.body).toBe(202);
  return proposalSchema.parse(res.json());
}

const get = (customer: Customer, url: string) =>
  call(t, 'GET', url, undefined, { cookie: customer.cookie });

describe('a staff price change', () => {
  it('waits for a second staff member: the book, and what holdings are worth, stay as they were', async () => {
    const bought = await trade(t, holder, { side: 'buy', asset: 'SOL', quantity: '10' });
    expect(bought.statusCode, bought.body).toBe(201);
    const change = await proposed(maker, 'SOL', { buy: '180.5', sell: '180' });
    expect(change).toMatchObject({
      kind: 'price_change',
      status: 'pending',
      customer: null,
      maker: { id: maker.userId },
      price: { symbol: 'SOL', buy: '180.5', sell: '180', buyBefore: '169', sellBefore: '169' },
      canWithdraw: true,
      canDecide: false,
    });
    // What it would do to every holding of SOL together: 10 × (180 − 169), at least this one's.
    expect(Number(change.amount)).toBeGreaterThanOrEqual(110);
    expect(await publicPrice('SOL')).toMatchObject({ buy: '169', sell: '169', source: 'opening' });
    const tab = await staffBook(checker);
    expect(tab.pending.map((p) => p.id)).toContain(change.id);
    expect(tab.pending.find((p) => p.id === change.id)?.canDecide).toBe(true);
    expect(tab.feed.configured).toBe(false);
    expect(tab.book.prices.find((p) => p.symbol === 'SOL')?.sell).toBe('169');
  });

  it('is not approved by its maker; another staff member approves it into the book, once', async () => {
    const change = (await staffBook(maker)).pending.find((p) => p.price?.symbol === 'SOL');
    if (!change) throw new Error('the SOL change is not waiting');
    const own = await approveProposal(t, maker, change.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('SAME_STAFF');
    expect((await publicPrice('SOL')).sell).toBe('169');

    clock.advance(1000);
    const key = randomUUID();
    const approved = await approveProposal(t, checker, change.id, key);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', checker: { id: checker.userId } });
    expect(await publicPrice('SOL')).toMatchObject({
      buy: '180.5',
      sell: '180',
      source: 'staff',
      effectiveAt: clock.now().toISOString(),
    });
    // A retry of the same approval answers the same and writes no second price.
    const again = await approveProposal(t, checker, change.id, key);
    expect(again.json()).toEqual(approved.json());
    const rows = await t.ctx.database.query<{ n: number }>(
      {
        name: 'test_staff_prices',
        text: "select count(*)::int as n from asset_prices where symbol = 'SOL' and source = 'staff'",
      },
      [],
    );
    expect(rows[0]?.n).toBe(1);
    expect((await staffBook(checker)).pending.some((p) => p.id === change.id)).toBe(false);
  });

  it('prices orders from then on: an order shown the old price is refused with the new one', async () => {
    // The process hears of the new price after the approval committed.
    await vi.waitFor(async () => {
      const stale = await trade(t, holder, {
        side: 'buy',
        asset: 'SOL',
        quantity: '1',
        price: '169',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({
        code: 'PRICE_CHANGED',
        details: { symbol: 'SOL', price: '180.5' },
      });
    });
    const fresh = await trade(t, holder, {
      side: 'sell',
      asset: 'SOL',
      quantity: '1',
      price: '180',
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json()).toMatchObject({ price: '180', total: '180.00' });
  });

  it("values what customers hold at the book's price now, everywhere it is shown", async () => {
    // 9 SOL left, at 180: 1,620 — not the 1,521 they were last moved at (9 × 169).
    const valuables = (await get(holder, '/me/valuables')).json<
      { assetSymbol: string | null; estimatedValue: string }[]
    >();
    expect(valuables.find((v) => v.assetSymbol === 'SOL')?.estimatedValue).toBe('1620.00000000');
    const summary = (await get(holder, '/me/summary')).json<{
      totalNetWorth: string;
      cashBalance: string;
    }>();
    // Cash: 20,000 − 1,690 (10 at 169) + 180 (1 sold at 180) = 18,490; with 1,620 of SOL.
    expect(summary.cashBalance).toBe('18490.00');
    expect(summary.totalNetWorth).toBe('20110.00000000');
    const holding = (await get(holder, '/me/holdings/SOL')).json<{ value: string }>();
    expect(holding.value).toBe('1620.00000000');
    const worths = (await get(checker, '/admin/net-worth/users')).json<
      { userId: string; totalNetWorth: string }[]
    >();
    expect(worths.find((w) => w.userId === holder.userId)?.totalNetWorth).toBe('20110.00000000');
    // The journal still proves every holding: stored values are what movements wrote.
    const report = await reconcileLedger(t.ctx.db, clock.now());
    expect(report.differences).toEqual([]);
  });

  it('is refused on approval when the book moved since it was proposed, and nothing is written', async () => {
    const change = await proposed(maker, 'LTC', { buy: '110', sell: '109' });
    clock.advance(1000);
    const asset = findAsset('LTC');
    if (!asset) throw new Error('LTC');
    await recordPrice(t.ctx.database, {
      asset,
      buy: '107',
      sell: '107',
      source: 'feed',
      at: clock.now(),
    });
    const refused = await approveProposal(t, checker, change.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONFLICT');
    expect(await publicPrice('LTC')).toMatchObject({ buy: '107', source: 'feed' });
    expect((await staffBook(maker)).pending.find((p) => p.id === change.id)?.status).toBe(
      'pending',
    );
    // Its maker withdraws it; the asset is free for a new proposal.
    expect((await withdrawProposal(t, maker, change.id)).statusCode).toBe(200);
  });

  it('waits one at a time per asset', async () => {
    const first = await proposed(maker, 'XRP', { buy: '3', sell: '2.9' });
    const second = await propose(checker, 'XRP', { buy: '3.1', sell: '3' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('CONFLICT');
    // Another asset is not held up.
    const other = await proposed(checker, 'ADA', { buy: '0.75', sell: '0.74' });
    const rejected = await rejectProposal(t, maker, other.id, 'Not what the market says');
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'Not what the market says',
    });
    expect((await publicPrice('ADA')).buy).toBe('0.73');
    expect((await withdrawProposal(t, maker, first.id)).json().status).toBe('withdrawn');
    expect((await publicPrice('XRP')).buy).toBe('2.95');
  });

  it('is answered once per Idempotency-Key', async () => {
    const key = randomUUID();
    const body = { buy: '0.06', sell: '0.058' };
    const first = await propose(maker, 'au', body, key);
    expect(first.statusCode, first.body).toBe(202);
    const retry = await propose(maker, 'au', body, key);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().id).toBe(first.json().id);
    expect(first.json().price).toMatchObject({ symbol: 'AU', buy: '0.06', buyBefore: '0.057' });
    expect((await withdrawProposal(t, maker, first.json().id)).statusCode).toBe(200);
  });

  const invalid = 'admin:prices.errors.priceInvalid';
  it.each([
    [
      'a sell above the buy',
      { buy: '100', sell: '101' },
      'sell',
      'admin:prices.errors.sellAboveBuy',
    ],
    ['more than 8 decimals', { buy: '100.123456789', sell: '100' }, 'buy', invalid],
    ['zero', { buy: '0', sell: '0' }, 'buy', invalid],
    ['a negative price', { buy: '-5', sell: '-6' }, 'buy', invalid],
    ['an exponent', { buy: '1e3', sell: '100' }, 'buy', invalid],
    ['markup', { buy: '<img src=x onerror=alert(1)>', sell: '1' }, 'buy', invalid],
    ['a number, not text', { buy: 100, sell: '100' }, 'buy', invalid],
    ['a missing sell', { buy: '100' }, 'sell', invalid],
  ])('refuses %s with a field error, proposing nothing', async (_name, body, field, message) => {
    const res = await propose(maker, 'BNB', body);
    expect(res.statusCode).toBe(400);
    const error = res.json<{
      error: { code: string; issues: { path: string; message: string }[] };
    }>().error;
    expect(error.code).toBe('VALIDATION');
    expect(error.issues).toContainEqual({ path: `body.${field}`, message });
    expect((await staffBook(maker)).pending.some((p) => p.price?.symbol === 'BNB')).toBe(false);
  });

  it('refuses an asset the book does not list, and cash', async () => {
    for (const symbol of ['NOPE', 'USD', '..%2F..%2Fusers']) {
      const res = await propose(maker, symbol, { buy: '1', sell: '1' });
      expect([400, 404]).toContain(res.statusCode);
      expect(['VALIDATION', 'UNKNOWN_ASSET', 'NOT_FOUND']).toContain(res.json().error.code);
    }
  });

  it('is for staff only', async () => {
    const res = await propose(holder, 'BTC', { buy: '1', sell: '1' });
    expect(res.statusCode).toBe(403);
    expect((await get(holder, '/admin/prices')).statusCode).toBe(403);
    expect((await publicPrice('BTC')).buy).toBe('115000');
  });
});
