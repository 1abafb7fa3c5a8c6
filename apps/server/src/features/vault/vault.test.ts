import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { signUp, type SignedUp } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { api, seedValuables } from '../../test/vault.ts';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await signUp(t), await signUp(t)];
});
afterAll(() => t.close());

const day = 24 * 60 * 60_000;
const at = (daysAgo: number) => new Date(t.ctx.clock.now().getTime() - daysAgo * day);

describe('GET /me/profile', () => {
  it('answers the signed-in user their own profile, with a book balance in cents', async () => {
    const res = await api(t, 'GET', '/me/profile', undefined, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: alice.userId,
      email: alice.email,
      bookBalance: '0.00',
      kycCompleted: false,
      fullName: null,
    });
    expect(res.json().accountNumber).toMatch(/^\d{10}$/);
  });

  it('refuses a signed-out caller', async () => {
    const res = await api(t, 'GET', '/me/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /me/valuables', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const [ring, cash, painting, delivered, watch] = await seedValuables(t, alice.userId, [
      { itemName: 'Ring', itemType: 'jewelry', estimatedValue: '1200.50', dateStored: at(2) },
      {
        itemName: 'Cash',
        itemType: 'cash',
        estimatedValue: '10.00',
        assetSymbol: 'USD',
        dateStored: at(1),
      },
      { itemName: 'Painting', itemType: 'artwork', estimatedValue: null, dateStored: at(3) },
      { itemName: 'Old vase', itemType: 'other', status: 'delivered', dateStored: at(0) },
      { itemName: 'Watch', itemType: 'jewelry', estimatedValue: '-5.25', dateStored: at(5) },
    ]);
    ids = { ring, cash, painting, delivered, watch } as Record<string, string>;
    await seedValuables(t, bob.userId, [{ itemName: "Bob's bar", itemType: 'precious_metals' }]);
  });

  it('lists only the caller’s valuables still in the vault, newest stored first', async () => {
    const res = await api(t, 'GET', '/me/valuables', undefined, alice.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; userId: string }[]>();
    expect(list.map((v) => v.id)).toEqual([ids.cash, ids.ring, ids.painting, ids.watch]);
    expect(new Set(list.map((v) => v.userId))).toEqual(new Set([alice.userId]));
    expect(list[1]).toMatchObject({
      itemName: 'Ring',
      itemType: 'jewelry',
      estimatedValue: '1200.50000000',
      status: 'active',
      description: null,
      quantity: null,
    });
    expect(list[2]).toMatchObject({ itemName: 'Painting', estimatedValue: null });
  });

  it('can leave out cash and order by creation or by name', async () => {
    const noCash = await api(t, 'GET', '/me/valuables?excludeCash=true', undefined, alice.cookie);
    expect(noCash.json().map((v: { itemType: string }) => v.itemType)).not.toContain('cash');
    expect(noCash.json()).toHaveLength(3);

    const byName = await api(t, 'GET', '/me/valuables?orderBy=itemName', undefined, alice.cookie);
    expect(byName.json().map((v: { itemName: string }) => v.itemName)).toEqual([
      'Cash',
      'Painting',
      'Ring',
      'Watch',
    ]);
    const byCreation = await api(
      t,
      'GET',
      '/me/valuables?orderBy=createdAt&excludeCash=false',
      undefined,
      alice.cookie,
    );
    expect(byCreation.json().map((v: { id: string }) => v.id)).toEqual([
      ids.ring,
      ids.cash,
      ids.painting,
      ids.watch,
    ]);
  });

  it('refuses unknown query keys, so nobody can ask for another user’s items', async () => {
    const res = await api(t, 'GET', `/me/valuables?userId=${bob.userId}`, undefined, alice.cookie);
    expect(res.statusCode).toBe(400);
    const bad = await api(t, 'GET', '/me/valuables?orderBy=userId', undefined, alice.cookie);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /me/summary', () => {
  it('adds up cash, net worth and allocation exactly, leaving out delivered items', async () => {
    const res = await api(t, 'GET', '/me/summary', undefined, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cashBalance: '10.00',
      bookBalance: '0.00',
      // 1200.50 + 10.00 + (null) - 5.25; the delivered vase is out of the vault.
      totalNetWorth: '1205.25000000',
      allocation: [
        { itemType: 'jewelry', value: '1195.25000000' },
        { itemType: 'cash', value: '10.00000000' },
      ],
    });
  });

  it('answers zeros for a user with an empty vault', async () => {
    const empty = await signUp(t);
    const res = await api(t, 'GET', '/me/summary', undefined, empty.cookie);
    expect(res.json()).toEqual({
      cashBalance: '0.00',
      bookBalance: '0.00',
      totalNetWorth: '0.00000000',
      allocation: [],
    });
  });

  it('shows each user only their own figures', async () => {
    const res = await api(t, 'GET', '/me/summary', undefined, bob.cookie);
    expect(res.json()).toMatchObject({
      cashBalance: '0.00',
      totalNetWorth: '1.00000000',
      allocation: [{ itemType: 'precious_metals', value: '1.00000000' }],
    });
  });
});

describe('OpenAPI for the vault', () => {
  it('lists every vault and staff vault route with its responses, and stays valid', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const expected: [string, string, string[]][] = [
      ['/api/v1/me/profile', 'get', ['200', '401']],
      ['/api/v1/me/valuables', 'get', ['200', '400', '401']],
      ['/api/v1/me/summary', 'get', ['200', '401']],
      ['/api/v1/admin/users', 'get', ['200', '401', '403']],
      ['/api/v1/admin/valuables', 'get', ['200', '403']],
      // Staff changes take an Idempotency-Key: 409 while the key's first request is still
      // running, 422 for the key reused with another body, 400 without one. Each is a proposal
      // (202) that another staff member approves (DESIGN §4).
      ['/api/v1/admin/valuables', 'post', ['202', '400', '403', '404', '409', '422']],
      ['/api/v1/admin/valuables/{id}', 'patch', ['202', '400', '404', '409', '422']],
      ['/api/v1/admin/valuables/{id}', 'delete', ['202', '400', '404', '409', '422']],
      ['/api/v1/admin/users/{id}/book-balance', 'put', ['202', '400', '403', '404', '409', '422']],
      ['/api/v1/admin/proposals', 'get', ['200', '400', '403']],
      ['/api/v1/admin/proposals/{id}/approve', 'post', ['200', '400', '403', '404', '409', '422']],
      ['/api/v1/admin/proposals/{id}/reject', 'post', ['200', '400', '403', '404', '409', '422']],
      ['/api/v1/admin/proposals/{id}/withdraw', 'post', ['200', '400', '403', '404', '409', '422']],
      ['/api/v1/admin/net-worth', 'get', ['200', '403']],
      ['/api/v1/admin/net-worth/users', 'get', ['200', '403']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(statuses));
      const key = (operation.parameters ?? []).find(
        (parameter: { in: string; name: string }) =>
          parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
      if (method === 'get') expect(key, `${method} ${path}`).toBeUndefined();
      else expect(key, `${method} ${path}`).toMatchObject({ required: true });
    }
    // A book balance is approved in the approvals queue: its own decision routes are gone.
    for (const decision of ['approve', 'reject']) {
      expect(doc.paths[`/api/v1/admin/users/{id}/book-balance/${decision}`]).toBeUndefined();
    }
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
  });
});
