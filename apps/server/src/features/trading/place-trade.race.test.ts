import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec, sum } from '@secure-vault/shared/money';
import { createCustomer } from '../../test/customers.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import { cashOf, expectHoldingsMatchJournal, positionOf, trade } from '../../test/trading.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('concurrent buys', () => {
  it.skipIf(dbKind !== 'postgres')(
    'spend exactly the cash there is (PostgreSQL only: PGlite has one connection, so nothing runs at once)',
    async () => {
      const customer = await createCustomer(t, { cash: '1000' });
      // 50 buys of $57 each against $1000: 17 are affordable.
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' }),
        ),
      );
      const accepted = results.filter((res) => res.statusCode === 201);
      const refused = results.filter((res) => res.statusCode !== 201);
      expect(accepted).toHaveLength(17);
      for (const res of refused) {
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe('INSUFFICIENT_CASH');
      }
      const spent = sum(accepted.map((res) => res.json().total as string));
      const cash = dec(await cashOf(t, customer.userId));
      expect(cash.isNegative()).toBe(false);
      expect(cash.toFixed(8)).toBe(dec(1000).minus(spent).toFixed(8));
      expect(cash.toFixed(8)).toBe('31.00000000');
      // Each accepted answer saw its own balance: 1000 − 57 k for k = 1…17, each once.
      expect(accepted.map((res) => res.json().cashBalance).sort()).toEqual(
        Array.from({ length: 17 }, (_, k) =>
          dec(1000)
            .minus(57 * (k + 1))
            .toFixed(8),
        ).sort(),
      );
      expect((await positionOf(t, customer.userId, 'AU'))?.quantity).toBe('17000.00000000');
      await expectHoldingsMatchJournal(t, customer.userId);
    },
  );

  it('with one Idempotency-Key trade once, however many arrive together', async () => {
    const customer = await createCustomer(t, { cash: '1000' });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' }, 'same-key-for-all'),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((res) => res.body)).size).toBe(1);
    expect(results.filter((res) => !res.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await cashOf(t, customer.userId)).toBe('943.00000000');
    await expectHoldingsMatchJournal(t, customer.userId);
  });
});
