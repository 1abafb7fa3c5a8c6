// The ledger core's SQL functions (migration 0005) as the TypeScript side sees them: the journal
// is append-only, cash is one whole-cent position per user that never goes below zero, refusals
// roll back everything the statement did and come back with SPEC §8's texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { knownCaller, queryAs } from '../db/caller.ts';
import { ledgerEntries, valuables } from '../db/vault-schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser } from '../test/users.ts';
import { creditCash } from './cash.ts';
import { refusing, usd } from './refusals.ts';

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

/** Moves cash through ledger_move_cash itself, as every movement does. */
function moveCash(userId: string, delta: string) {
  return refusing(() =>
    queryAs<{ balance: string }>(
      t.ctx.database,
      knownCaller(userId),
      'test_move_cash',
      (relation, $) =>
        `select ledger_move_cash(c.user_id, ${$(1)}::numeric, 'withdrawal', null, null, now(), 'world') as balance from ${relation}`,
      [delta],
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the journal', () => {
  it('refuses updates and deletes of its rows, whoever asks', async () => {
    const { userId } = await createUser(t);
    await creditCash(t.ctx.database, knownCaller(userId), {
      kind: 'deposit',
      amount: '10',
      at: t.ctx.clock.now(),
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

  it('keeps rows without an owner for the platform rounding account only', async () => {
    expect(
      await databaseError(
        t.ctx.db.insert(ledgerEntries).values({ userId: null, kind: 'deposit', valueDelta: '1' }),
      ),
    ).toMatch(/ledger_entries_owner_check/);
  });
});

describe('cash', () => {
  it('is one position per user, opened by a credit, and never goes below zero', async () => {
    const { userId } = await createUser(t);
    const at = t.ctx.clock.now();
    const caller = knownCaller(userId);
    expect(await creditCash(t.ctx.database, caller, { kind: 'deposit', amount: '25.5', at })).toBe(
      '25.50000000',
    );
    await expect(moveCash(userId, '-30')).rejects.toMatchObject({
      code: 'INSUFFICIENT_CASH',
      message: 'You need $30.00 but only have $25.50 in cash.',
    });
    const positions = await t.ctx.db.select().from(valuables).where(eq(valuables.userId, userId));
    expect(positions).toHaveLength(1);
    expect(positions[0]?.estimatedValue).toBe('25.50000000');
    const journal = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    expect(journal).toHaveLength(1);
  });

  it('refuses a debit when there is no cash position, saying the balance is zero', async () => {
    const { userId } = await createUser(t);
    await expect(moveCash(userId, '-0.01')).rejects.toMatchObject({
      code: 'INSUFFICIENT_CASH',
      message: 'You need $0.01 but only have $0.00 in cash.',
    });
    expect(await t.ctx.db.select().from(valuables).where(eq(valuables.userId, userId))).toEqual([]);
  });

  it('moves in whole cents only', async () => {
    const { userId } = await createUser(t);
    await expect(moveCash(userId, '0.001')).rejects.toThrow();
    expect(await t.ctx.db.select().from(valuables).where(eq(valuables.userId, userId))).toEqual([]);
  });

  it('is guarded by the database too', async () => {
    const { userId } = await createUser(t);
    await creditCash(t.ctx.database, knownCaller(userId), {
      kind: 'deposit',
      amount: '1',
      at: t.ctx.clock.now(),
    });
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
