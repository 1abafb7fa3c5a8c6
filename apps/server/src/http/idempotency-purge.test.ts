import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../test/customers.ts';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { cashOf, trade } from '../test/trading.ts';
import { idempotencyKeyLifetimeMs, purgeExpiredIdempotencyKeys } from './idempotency.ts';

const hour = 60 * 60_000;
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const buyGold = { side: 'buy', asset: 'AU', quantity: '100' };

describe('purging idempotency keys', () => {
  it('forgets keys older than a day and keeps replaying younger ones', async () => {
    expect(idempotencyKeyLifetimeMs).toBe(24 * hour);
    const customer = await createCustomer(t, { cash: '100' });
    const old = await trade(t, customer, buyGold, 'order-old-0001');
    expect(old.statusCode).toBe(201);
    clock.advance(20 * hour);
    const recent = await trade(t, customer, buyGold, 'order-recent-0001');
    expect(recent.statusCode).toBe(201);
    clock.advance(5 * hour);

    await purgeExpiredIdempotencyKeys(t.ctx.db, t.ctx.clock.now());

    // 25 hours old: the repeat is a new order and buys again.
    const oldAgain = await trade(t, customer, buyGold, 'order-old-0001');
    expect(oldAgain.statusCode).toBe(201);
    expect(oldAgain.headers['idempotent-replayed']).toBeUndefined();
    expect(oldAgain.json().reference).not.toBe(old.json().reference);
    // 5 hours old: still the first answer, nothing bought.
    const recentAgain = await trade(t, customer, buyGold, 'order-recent-0001');
    expect(recentAgain.headers['idempotent-replayed']).toBe('true');
    expect(recentAgain.body).toBe(recent.body);
    expect(await cashOf(t, customer.userId)).toBe('82.90000000');
  });

  it('keeps a key exactly a day old', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    const first = await trade(t, customer, buyGold, 'order-edge-0001');
    clock.advance(idempotencyKeyLifetimeMs);
    await purgeExpiredIdempotencyKeys(t.ctx.db, t.ctx.clock.now());
    const again = await trade(t, customer, buyGold, 'order-edge-0001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});
