import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dec } from '@secure-vault/shared/money';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { changeCash, lockCashPosition, usd } from './ledger.ts';

let t: TestApp;

/** Drizzle wraps the database's error; the reason is in its cause. */
async function databaseError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) return 'no error';
  return error.cause instanceof Error ? error.cause.message : error.message;
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the journal', () => {
  it('refuses updates and deletes of its rows, whoever asks', async () => {
    const { userId } = await createUser(t);
    const now = t.ctx.clock.now();
    await t.ctx.db.transaction(async (tx) => {
      const cash = await lockCashPosition(tx, userId, now);
      await changeCash(tx, cash, userId, dec('10'), { kind: 'deposit' }, now);
    });
    expect(
      await databaseError(
        t.ctx.db
          .update(ledgerEntries)
          .set({ valueDelta: '999' })
          .where(eq(ledgerEntries.userId, userId)),
      ),
    ).toMatch(/append-only: UPDATE/);
    expect(
      await databaseError(t.ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.userId, userId))),
    ).toMatch(/append-only: DELETE/);
    expect(await databaseError(t.ctx.db.execute(sql`truncate ledger_entries`))).toMatch(
      /append-only: TRUNCATE/,
    );
    const rows = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    expect(rows.map((r) => r.valueDelta)).toEqual(['10.00000000']);
  });
});

describe('cash', () => {
  it('is one position per user, created at zero, and never goes below zero', async () => {
    const { userId } = await createUser(t);
    const now = t.ctx.clock.now();
    await t.ctx.db.transaction(async (tx) => {
      const cash = await lockCashPosition(tx, userId, now);
      expect(cash.balance.toString()).toBe('0');
      await changeCash(tx, cash, userId, dec('25.5'), { kind: 'deposit' }, now);
    });
    const attempt = t.ctx.db.transaction(async (tx) => {
      const cash = await lockCashPosition(tx, userId, now);
      await changeCash(tx, cash, userId, dec('-30'), { kind: 'withdrawal' }, now);
    });
    await expect(attempt).rejects.toMatchObject({
      code: 'INSUFFICIENT_CASH',
      message: 'You need $30.00 but only have $25.50 in cash.',
    });
    const positions = await t.ctx.db.select().from(valuables).where(eq(valuables.userId, userId));
    expect(positions).toHaveLength(1);
    expect(positions[0]?.estimatedValue).toBe('25.50000000');
  });

  it('is guarded by the database too', async () => {
    const { userId } = await createUser(t);
    await t.ctx.db.transaction((tx) => lockCashPosition(tx, userId, t.ctx.clock.now()));
    expect(
      await databaseError(
        t.ctx.db
          .update(valuables)
          .set({ estimatedValue: '-1' })
          .where(eq(valuables.userId, userId)),
      ),
    ).toMatch(/valuables_cash_not_negative/);
  });
});

describe('usd', () => {
  it.each([
    ['0', '$0.00'],
    ['1234567.891', '$1,234,567.89'],
    ['-5.5', '-$5.50'],
  ])('%s → %s', (value, text) => expect(usd(value)).toBe(text));
});
