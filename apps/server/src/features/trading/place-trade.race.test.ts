import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec, sum } from '@secure-vault/shared/money';
import { signUpStaff } from '../../test/auth-helpers.ts';
import { approveProposal, checkerFor } from '../../test/approvals.ts';
import { createCustomer } from '../../test/customers.ts';
import { createTestApp, dbKind, type TestApp } from '../../test/test-app.ts';
import { cashOf, expectHoldingsMatchJournal, positionOf, swap, trade } from '../../test/trading.ts';
import { keyedApi } from '../../test/vault.ts';

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
      // Each accepted answer saw its own balance: 1000 − 57 k for k = 1…17, each once (cash in
      // an answer has 2 decimals).
      expect(accepted.map((res) => res.json().cashBalance).sort()).toEqual(
        Array.from({ length: 17 }, (_, k) =>
          dec(1000)
            .minus(57 * (k + 1))
            .toFixed(2),
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

describe('different movements racing for the same cash and the same holding', () => {
  it.skipIf(dbKind !== 'postgres')(
    'each applies whole or not at all, without a deadlock, and the sums still agree (PostgreSQL only)',
    async () => {
      const staff = await signUpStaff(t);
      const customer = await createCustomer(t, { cash: '1000' });
      // 10,000 mg of gold for $570.00, leaving $430.00.
      expect(
        (await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '10000' })).statusCode,
      ).toBe(201);
      const sell = () => trade(t, customer, { side: 'sell', asset: 'AU', quantity: '1000' });
      const buy = () => trade(t, customer, { side: 'buy', asset: 'AU', quantity: '1000' });
      // 1000 mg of gold is $57.00, which buys 67,857.142 mg of silver: no cents come back.
      const swapToSilver = () => swap(t, customer, { from: 'AU', to: 'AG', quantity: '1000' });
      // Staff credits of $10, proposed beforehand: their approvals are what race (DESIGN §4).
      const checker = await checkerFor(t, staff);
      const credits: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const proposed = await keyedApi(
          t,
          'POST',
          '/admin/valuables',
          {
            userId: customer.userId,
            itemName: 'Cash',
            itemType: 'cash',
            estimatedValue: '10.00',
          },
          staff.cookie,
        );
        expect(proposed.statusCode, proposed.body).toBe(202);
        credits.push(proposed.json<{ id: string }>().id);
      }
      const calls = [
        ...Array.from({ length: 8 }, sell),
        ...Array.from({ length: 8 }, swapToSilver),
        ...Array.from({ length: 8 }, buy),
        ...credits.map((id) => approveProposal(t, checker, id)),
      ];
      const results = await Promise.all(calls);
      const status = (from: number, to: number) => results.slice(from, to).map((r) => r.statusCode);
      for (const res of results) {
        // Accepted, or refused for want of gold or cash: never a deadlock, conflict or 5xx.
        expect([200, 201, 422], res.body).toContain(res.statusCode);
      }
      expect(status(24, 28)).toEqual([200, 200, 200, 200]);
      const sold = status(0, 8).filter((code) => code === 201).length;
      const swapped = status(8, 16).filter((code) => code === 201).length;
      const bought = status(16, 24).filter((code) => code === 201).length;
      const gold = 10_000 - 1000 * (sold + swapped) + 1000 * bought;
      expect(dec((await positionOf(t, customer.userId, 'AU'))?.quantity ?? '0').toFixed(3)).toBe(
        dec(gold).toFixed(3),
      );
      expect(await cashOf(t, customer.userId)).toBe(
        dec(430 + 57 * sold - 57 * bought + 40).toFixed(8),
      );
      expect(dec((await positionOf(t, customer.userId, 'AG'))?.quantity ?? '0').toFixed(3)).toBe(
        dec('67857.142').times(swapped).toFixed(3),
      );
      await expectHoldingsMatchJournal(t, customer.userId);
    },
  );
});
