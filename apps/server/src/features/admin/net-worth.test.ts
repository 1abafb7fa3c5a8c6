import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, sum, toFixedString } from '@secure-vault/shared/money';
import type { Proposal } from '@secure-vault/shared/approvals';
import { signUpStaff, type Staff } from '../../test/auth-helpers.ts';
import { approveProposal, checkerFor, staffChange } from '../../test/approvals.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { keyedApi, seedValuables } from '../../test/vault.ts';

// A database of its own: platform totals must only see what this file puts in.
let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  // The second staff member, who approves what `staff` proposes (dual control); neither is ranked.
  await checkerFor(t, staff);
});
afterAll(() => t.close());

/** Staff calls as the admin panel makes them: each change with a fresh Idempotency-Key. */
const asStaff = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, as = staff) =>
  keyedApi(t, method, `/admin${url}`, body, as.cookie);
/** An item put on the account: proposed by `staff`, approved by the checker. */
async function addItem(userId: string, estimatedValue: string | null, itemType = 'jewelry') {
  const approved = await staffChange(t, staff, 'POST', '/admin/valuables', {
    userId,
    itemName: 'Item',
    itemType,
    estimatedValue,
  });
  expect(approved.status).toBe('approved');
}
/** A book balance recorded: pending approval, its proposal waiting. */
async function setBook(userId: string, bookBalance: string): Promise<Proposal> {
  const res = await asStaff('PUT', `/users/${userId}/book-balance`, { bookBalance });
  expect(res.statusCode).toBe(202);
  return res.json<Proposal>();
}

describe('net worth', () => {
  it('is exact on awkward decimals: 0.1 + 0.2, many cents, negatives, 8-decimal values', async () => {
    const one = await createUser(t, 'one');
    await addItem(one.userId, '0.1');
    await addItem(one.userId, '0.2');
    await setBook(one.userId, '0.07');

    const two = await createUser(t, 'two');
    await seedValuables(
      t,
      two.userId,
      Array.from({ length: 100 }, () => ({ estimatedValue: '0.01' })),
    );
    await addItem(two.userId, '-0.03');
    await setBook(two.userId, '-1.10');

    const three = await createUser(t, 'three');
    await addItem(three.userId, '1234567.89');
    await addItem(three.userId, '-0.01');
    await addItem(three.userId, null);
    await seedValuables(t, three.userId, [{ estimatedValue: '50.00', status: 'delivered' }]);

    const four = await createUser(t, 'four');
    for (let i = 0; i < 3; i += 1) await addItem(four.userId, '0.05', 'cash');
    await seedValuables(
      t,
      four.userId,
      Array.from({ length: 3 }, () => ({ estimatedValue: '0.33333333' })),
    );

    const platform = await asStaff('GET', '/net-worth');
    expect(platform.statusCode).toBe(200);
    expect(platform.json()).toEqual({
      bookBalances: '-1.03',
      valuables: '1234570.29999999',
      total: '1234569.26999999',
      rounding: '0.00000000',
    });

    const perUser = await asStaff('GET', '/net-worth/users');
    expect(perUser.statusCode).toBe(200);
    expect(perUser.json()).toEqual([
      {
        rank: 1,
        userId: three.userId,
        email: three.email,
        bookBalance: '0.00',
        valuableValue: '1234567.88000000',
        totalNetWorth: '1234567.88000000',
      },
      {
        rank: 2,
        userId: four.userId,
        email: four.email,
        bookBalance: '0.00',
        valuableValue: '1.14999999',
        totalNetWorth: '1.14999999',
      },
      {
        rank: 3,
        userId: one.userId,
        email: one.email,
        bookBalance: '0.07',
        valuableValue: '0.30000000',
        totalNetWorth: '0.37000000',
      },
      // The two staff members are not customers and are not ranked.
      {
        rank: 4,
        userId: two.userId,
        email: two.email,
        bookBalance: '-1.10',
        valuableValue: '0.97000000',
        totalNetWorth: '-0.13000000',
      },
    ]);
  });

  it('adds up any set of cent amounts exactly (property)', async () => {
    const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(cents, { minLength: 1, maxLength: 60 }),
        cents,
        async (values, book) => {
          const user = await createUser(t, 'prop');
          const asUsd = (c: number) => dec(c).dividedBy(100).toFixed(2);
          await seedValuables(
            t,
            user.userId,
            values.map((c) => ({ estimatedValue: asUsd(c) })),
          );
          await setBook(user.userId, asUsd(book));
          const list = (await asStaff('GET', '/net-worth/users')).json<
            {
              userId: string;
              valuableValue: string;
              totalNetWorth: string;
            }[]
          >();
          const entry = list.find((e) => e.userId === user.userId);
          const expected = sum(values.map(asUsd));
          expect(entry?.valuableValue).toBe(toFixedString(expected));
          expect(entry?.totalNetWorth).toBe(toFixedString(expected.plus(asUsd(book))));
        },
      ),
      { numRuns: 25 },
    );
    const platform = (await asStaff('GET', '/net-worth')).json();
    const list = (await asStaff('GET', '/net-worth/users')).json<
      {
        rank: number;
        totalNetWorth: string;
      }[]
    >();
    expect(platform.total).toBe(toFixedString(sum(list.map((e) => e.totalNetWorth))));
    expect(list.map((e) => e.rank)).toEqual(list.map((_, i) => i + 1));
    const totals = list.map((e) => dec(e.totalNetWorth));
    expect(totals.every((v, i) => i === 0 || totals[i - 1]!.gte(v))).toBe(true);
  });

  it('counts a pending book balance until approved, then as cash: the total does not change', async () => {
    const customer = await createUser(t, 'pending');
    await addItem(customer.userId, '10.10', 'cash');
    const before = (await asStaff('GET', '/net-worth')).json<{ total: string }>();
    const proposal = await setBook(customer.userId, '250.45');

    const entryOf = async () =>
      (await asStaff('GET', '/net-worth/users'))
        .json<{ userId: string }[]>()
        .find((e) => e.userId === customer.userId);
    const pending = (await asStaff('GET', '/net-worth')).json<{
      bookBalances: string;
      valuables: string;
      total: string;
    }>();
    expect(pending.total).toBe(toFixedString(dec(before.total).plus('250.45')));
    expect(await entryOf()).toMatchObject({
      bookBalance: '250.45',
      valuableValue: '10.10000000',
      totalNetWorth: '260.55000000',
    });

    const approver = await signUpStaff(t);
    const approved = await approveProposal(t, approver, proposal.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', amount: '250.45000000' });
    const after = (await asStaff('GET', '/net-worth')).json<{
      bookBalances: string;
      valuables: string;
      total: string;
    }>();
    expect(after.total).toBe(pending.total);
    expect(after.bookBalances).toBe(toFixedString(dec(pending.bookBalances).minus('250.45'), 2));
    expect(after.valuables).toBe(toFixedString(dec(pending.valuables).plus('250.45')));
    expect(await entryOf()).toMatchObject({
      bookBalance: '0.00',
      valuableValue: '260.55000000',
      totalNetWorth: '260.55000000',
    });
  });
});
