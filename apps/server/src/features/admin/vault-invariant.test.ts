// Property: whatever staff do, in any order, every holding equals the sum of its journal rows
// (the ledger reconciliation finds no difference), and the API's figures match a model kept
// beside it. Each change is proposed by one staff member and approved by another (DESIGN §4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Dec, dec, sum, toFixedString } from '@secure-vault/shared/money';
import { sessionCookieName } from '../../auth/sessions.ts';
import { signUpStaff, type Staff } from '../../test/auth-helpers.ts';
import { approveProposal, checkerFor, valuableIdOf } from '../../test/approvals.ts';
import type { Customer } from '../../test/customers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { api } from '../../test/vault.ts';
import { reconcileLedger } from '../../ledger/reconcile.ts';

let t: TestApp;
let staff: Staff;
let checker: Customer;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  checker = await checkerFor(t, staff);
});
afterAll(() => t.close());

type Op =
  | { kind: 'addItem'; user: number; value: string | null }
  | { kind: 'addCash'; user: number; amount: string }
  | { kind: 'edit'; user: number; pick: number; value: string | null }
  | { kind: 'delete'; user: number; pick: number };

const centsToUsd = (cents: number) => dec(cents).dividedBy(100).toFixed(2);
const usd = fc.integer({ min: -50_000_000, max: 50_000_000 }).map(centsToUsd);
const positiveUsd = fc.integer({ min: 1, max: 50_000_000 }).map(centsToUsd);
const user = fc.integer({ min: 0, max: 1 });
const pick = fc.nat({ max: 20 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('addItem' as const), user, value: fc.option(usd, { nil: null }) }),
  fc.record({ kind: fc.constant('addCash' as const), user, amount: positiveUsd }),
  fc.record({
    kind: fc.constant('edit' as const),
    user,
    pick,
    value: fc.option(usd, { nil: null }),
  }),
  fc.record({ kind: fc.constant('delete' as const), user, pick }),
);

interface Holding {
  value: Dec | null;
  isCash: boolean;
}

/** A staff call as the web app makes it: changes carry an Idempotency-Key. */
const asStaff = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  method === 'GET'
    ? api(t, method, `/admin${url}`, body, staff.cookie)
    : t.app.inject({
        method,
        url: `/api/v1/admin${url}`,
        headers: {
          'x-requested-with': 'secure-vault',
          'idempotency-key': randomUUID(),
          cookie: `${sessionCookieName}=${staff.cookie}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });

/** A change proposed (202) and approved by the checker (200); returns the valuable it changed. */
async function change(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<string> {
  const proposed = await asStaff(method, url, body);
  expect(proposed.statusCode, proposed.body).toBe(202);
  const id = proposed.json<{ id: string }>().id;
  const approved = await approveProposal(t, checker, id);
  expect(approved.statusCode, approved.body).toBe(200);
  return valuableIdOf(t, id);
}

async function apply(
  operation: Op,
  userIds: string[],
  models: Map<string, Holding>[],
): Promise<void> {
  const userId = userIds[operation.user] as string;
  const model = models[operation.user] as Map<string, Holding>;
  const ids = [...model.keys()];
  switch (operation.kind) {
    case 'addItem': {
      const id = await change('POST', '/valuables', {
        userId,
        itemName: 'Heirloom',
        itemType: 'collectibles',
        estimatedValue: operation.value,
      });
      model.set(id, {
        value: operation.value === null ? null : dec(operation.value),
        isCash: false,
      });
      return;
    }
    case 'addCash': {
      const id = await change('POST', '/valuables', {
        userId,
        itemName: 'Cash',
        itemType: 'cash',
        estimatedValue: operation.amount,
      });
      const before = model.get(id)?.value ?? dec(0);
      model.set(id, { value: before.plus(operation.amount), isCash: true });
      return;
    }
    case 'edit': {
      if (ids.length === 0) return;
      const id = ids[operation.pick % ids.length] as string;
      const holding = model.get(id) as Holding;
      if (holding.isCash) {
        const value = operation.value ?? '0';
        const body = { itemName: 'Cash', itemType: 'cash', estimatedValue: value };
        if (dec(value).isNegative()) {
          const res = await asStaff('PATCH', `/valuables/${id}`, body);
          expect(res.json().error.code).toBe('INSUFFICIENT_CASH');
        } else {
          await change('PATCH', `/valuables/${id}`, body);
          holding.value = dec(value);
        }
        return;
      }
      await change('PATCH', `/valuables/${id}`, {
        itemName: 'Heirloom (revalued)',
        itemType: 'collectibles',
        estimatedValue: operation.value,
      });
      holding.value = operation.value === null ? null : dec(operation.value);
      return;
    }
    case 'delete': {
      if (ids.length === 0) return;
      const id = ids[operation.pick % ids.length] as string;
      await change('DELETE', `/valuables/${id}`);
      model.delete(id);
      return;
    }
  }
}

describe('staff changes and the journal', () => {
  it('keep every holding equal to the sum of its journal deltas (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 15 }), async (ops) => {
        const userIds = [(await createUser(t)).userId, (await createUser(t)).userId];
        const models = userIds.map(() => new Map<string, Holding>());
        for (const operation of ops) await apply(operation, userIds, models);

        // The product's own reconciliation states the invariant, over the whole ledger.
        const report = await reconcileLedger(t.ctx.db);
        expect(report.differences).toEqual([]);
        expect(report.ok).toBe(true);
        const everything = (await asStaff('GET', '/valuables')).json<
          {
            id: string;
            userId: string;
            estimatedValue: string | null;
          }[]
        >();
        const worths = (await asStaff('GET', '/net-worth/users')).json<
          {
            userId: string;
            valuableValue: string;
          }[]
        >();
        userIds.forEach((userId, index) => {
          const model = models[index] as Map<string, Holding>;
          const held = everything.filter((v) => v.userId === userId);
          expect(new Map(held.map((v) => [v.id, v.estimatedValue]))).toEqual(
            new Map(
              [...model].map(([id, h]) => [id, h.value === null ? null : toFixedString(h.value)]),
            ),
          );
          const total = sum([...model.values()].map((h) => h.value ?? dec(0)));
          expect(worths.find((w) => w.userId === userId)?.valuableValue).toBe(toFixedString(total));
        });
      }),
      { numRuns: 30 },
    );
  });
});
