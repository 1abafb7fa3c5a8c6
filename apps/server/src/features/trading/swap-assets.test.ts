import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { valuables } from '../../db/vault-schema.ts';
import { type Customer, createCustomer } from '../../test/customers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  journalOf,
  platformRoundingOf,
  positionOf,
  swap,
  trade,
  wealthOf,
} from '../../test/trading.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A customer holding 1000 mg of gold ($57) and $43 cash. */
async function goldHolder(): Promise<Customer> {
  const customer = await createCustomer(t, { cash: '100' });
  const res = await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' });
  expect(res.statusCode).toBe(201);
  return customer;
}

describe('POST /swaps', () => {
  it('sells at whole cents, buys the target with them, and journals the sub-cent as rounding', async () => {
    const customer = await goldHolder();
    const res = await swap(t, customer, { from: 'au', to: 'btc', quantity: '100' });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    // 100 mg of gold is $5.70 exactly; $5.70 buys 0.00004956 BTC ($5.6994), which costs $5.70
    // in whole cents: nothing comes back, and the platform keeps $0.0006.
    expect(result).toEqual({
      from: { asset: 'AU', quantity: '100.00000000', value: '5.70000000' },
      to: { asset: 'BTC', quantity: '0.00004956', value: '5.69940000' },
      cashRemainder: '0.00',
      cashBalance: '43.00',
      reference: expect.any(String),
    });
    const rows = (await journalOf(t, customer.userId)).filter(
      (r) => r.reference === result.reference,
    );
    expect(rows.map((r) => [r.kind, r.assetSymbol, r.quantityDelta, r.valueDelta])).toEqual(
      expect.arrayContaining([
        ['swap_out', 'AU', '-100.00000000', '-5.70000000'],
        ['swap_in', 'BTC', '0.00004956', '5.69940000'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect((await platformRoundingOf(t, [result.reference])).toFixed(8)).toBe('0.00060000');
    expect((await positionOf(t, customer.userId, 'AU'))?.quantity).toBe('900.00000000');
    expect((await positionOf(t, customer.userId, 'BTC'))?.storageLocation).toBe('Digital Wallet');
    expect((await wealthOf(t, customer.userId)).toFixed(8)).toBe('99.99940000');
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('writes no cash row when the value divides exactly, and adds to an existing holding', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'PD', quantity: '1000' });
    await trade(t, customer, { side: 'buy', asset: 'PT', quantity: '10' });
    const res = await swap(t, customer, { from: 'PD', to: 'PT', quantity: '100' });
    expect(res.json()).toMatchObject({
      to: { asset: 'PT', quantity: '100.00000000', value: '4.00000000' },
      cashRemainder: '0.00',
    });
    const rows = (await journalOf(t, customer.userId)).filter(
      (r) => r.reference === res.json().reference,
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['swap_in', 'swap_out']);
    expect((await positionOf(t, customer.userId, 'PT'))?.quantity).toBe('110.00000000');
  });

  it('deletes the source holding when all of it is swapped', async () => {
    const customer = await goldHolder();
    const res = await swap(t, customer, { from: 'AU', to: 'AG', quantity: '1000' });
    expect(res.json().to).toEqual({
      asset: 'AG',
      quantity: '67857.14200000',
      value: '56.99999928',
    });
    expect(await positionOf(t, customer.userId, 'AU')).toBeUndefined();
    expect(await cashOf(t, customer.userId)).toBe('43.00000000');
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  const refusals: [name: string, body: object, status: number, code: string][] = [
    ['the same asset', { from: 'AU', to: 'au', quantity: '1' }, 400, 'VALIDATION'],
    ['an unknown source', { from: 'XAU', to: 'AG', quantity: '1' }, 400, 'UNKNOWN_ASSET'],
    ['an unknown target', { from: 'AU', to: 'USD', quantity: '1' }, 400, 'UNKNOWN_ASSET'],
    [
      'more than is held',
      { from: 'AU', to: 'AG', quantity: '1000.001' },
      422,
      'INSUFFICIENT_HOLDING',
    ],
    ['what is not held', { from: 'ETH', to: 'AU', quantity: '1' }, 422, 'INSUFFICIENT_HOLDING'],
    ['too many decimals', { from: 'AU', to: 'AG', quantity: '1.0001' }, 400, 'QUANTITY_INVALID'],
    ['not a number', { from: 'AU', to: 'AG', quantity: 'lots' }, 400, 'QUANTITY_INVALID'],
    ['under one cent', { from: 'AU', to: 'AG', quantity: '0.1' }, 422, 'BELOW_MINIMUM'],
  ];
  it.each(refusals)('refuses %s and moves nothing', async (_name, body, status, code) => {
    const customer = await goldHolder();
    const before = (await journalOf(t, customer.userId)).length;
    const res = await swap(t, customer, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await journalOf(t, customer.userId)).toHaveLength(before);
  });

  it('refuses to swap a locked holding', async () => {
    const customer = await goldHolder();
    await t.ctx.db
      .update(valuables)
      .set({ status: 'locked' })
      .where(and(eq(valuables.userId, customer.userId), eq(valuables.assetSymbol, 'AU')));
    const res = await swap(t, customer, { from: 'AU', to: 'AG', quantity: '1' });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'ASSET_UNAVAILABLE']);
  });
});
