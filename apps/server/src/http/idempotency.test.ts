import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/auth-helpers.ts';
import { createCustomer } from '../test/customers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { cashOf, journalOf, swap, trade } from '../test/trading.ts';
import { canonicalJson, requestHash } from './idempotency.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const buyGold = { side: 'buy', asset: 'AU', quantity: '100' };

describe('Idempotency-Key', () => {
  it('is required on money-moving requests', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    for (const url of ['/trades', '/swaps']) {
      const missing = await call(t, 'POST', url, buyGold, { cookie: customer.cookie });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    for (const key of ['short', 'x'.repeat(101), 'has space in it']) {
      const res = await trade(t, customer, buyGold, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect(await journalOf(t, customer.userId)).toHaveLength(1);
  });

  it('replays the first answer to a repeat and trades nothing again', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    const first = await trade(t, customer, buyGold, 'order-0001');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const journalled = (await journalOf(t, customer.userId)).length;
    // The same body with its keys in another order is the same request.
    const again = await trade(
      t,
      customer,
      { quantity: '100', asset: 'AU', side: 'buy' },
      'order-0001',
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await journalOf(t, customer.userId)).toHaveLength(journalled);
    expect(await cashOf(t, customer.userId)).toBe('94.30000000');
  });

  it('refuses the same key with a different body, or on another route', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, buyGold, 'order-0002');
    const changed = await trade(t, customer, { ...buyGold, quantity: '101' }, 'order-0002');
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const elsewhere = await swap(
      t,
      customer,
      { from: 'AU', to: 'AG', quantity: '1' },
      'order-0002',
    );
    expect(elsewhere.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await cashOf(t, customer.userId)).toBe('94.30000000');
  });

  it('trades once when two requests with one key arrive together', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    const [a, b] = await Promise.all([
      trade(t, customer, buyGold, 'order-0003'),
      trade(t, customer, buyGold, 'order-0003'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].sort()).toEqual([
      'true',
      undefined,
    ]);
    expect(await cashOf(t, customer.userId)).toBe('94.30000000');
    expect((await journalOf(t, customer.userId)).filter((r) => r.kind === 'buy')).toHaveLength(2);
  });

  it('keeps nothing for a refused request, so the key can be retried', async () => {
    const customer = await createCustomer(t, { cash: '1' });
    const refused = await trade(t, customer, buyGold, 'order-0004');
    expect(refused.json().error.code).toBe('INSUFFICIENT_CASH');
    const smaller = await trade(t, customer, { ...buyGold, quantity: '10' }, 'order-0004');
    expect(smaller.statusCode).toBe(201);
  });

  it('is per user: another customer may use the same key', async () => {
    const one = await createCustomer(t, { cash: '100' });
    const two = await createCustomer(t, { cash: '100' });
    expect((await trade(t, one, buyGold, 'order-0005')).statusCode).toBe(201);
    const other = await trade(t, two, buyGold, 'order-0005');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await cashOf(t, two.userId)).toBe('94.30000000');
  });
});

describe('request hashing', () => {
  it('ignores key order at every level, not array order or values', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,1]},"b":1}',
    );
    const hash = requestHash('POST', '/api/v1/trades', { a: '1', b: '2' });
    expect(requestHash('post', '/api/v1/trades', { b: '2', a: '1' })).toBe(hash);
    expect(requestHash('POST', '/api/v1/swaps', { a: '1', b: '2' })).not.toBe(hash);
    expect(requestHash('POST', '/api/v1/trades', { a: '1', b: '3' })).not.toBe(hash);
  });
});
