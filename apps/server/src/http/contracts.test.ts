// Contracts and routes agree: every API route the app registers was registered from a contract
// of packages/shared, and every contract has its route, so an operation cannot exist on one side
// only. The few routes that are not operations (the OpenAPI document and its docs page, the
// realtime WebSocket handshake) are named here with the reason.
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allContracts } from '@secure-vault/shared/contracts';
import { declaredErrors, defineContract, implicitErrors } from '@secure-vault/shared/contract';
import { errorCodes } from '@secure-vault/shared/errors';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from '../errors.ts';
import { routeTable } from './access.ts';
import { registerErrorHandling } from './errors.ts';
import { route } from './route.ts';

/** API routes that are not operations of the product, and why. */
const notOperations: Record<string, string> = {
  'GET /api/v1/openapi.json': 'the OpenAPI document generated from the contracts',
  'GET /api/docs': 'the API docs page (a third-party plugin)',
  'GET /api/v1/realtime': 'the WebSocket handshake; its messages are shared/realtime.ts',
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

describe('contracts and routes', () => {
  it('registers every API route from a contract', () => {
    const withoutContract = routeTable(t.app)
      .filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD')
      .filter((route) => !route.contract)
      .map((route) => key(route.method, route.url))
      .filter((name) => !Object.keys(notOperations).some((known) => name.startsWith(known)));
    expect(withoutContract).toEqual([]);
  });

  it('registers a route for every contract, at its method and path', () => {
    const registered = new Map(
      routeTable(t.app)
        .filter((route) => route.contract)
        .map((route) => [key(route.method, route.url), route.contract]),
    );
    const missing = allContracts
      .filter((contract) => registered.get(key(contract.method, contract.path)) !== contract)
      .map((contract) => key(contract.method, contract.path));
    expect(missing).toEqual([]);
  });

  it('gives every operation its own method and path', () => {
    const names = allContracts.map((contract) => key(contract.method, contract.path));
    expect(new Set(names).size).toBe(names.length);
  });

  it('takes raw bytes (requestType) only in place of a JSON body, never beside one', () => {
    const raw = allContracts.filter((contract) => contract.requestType);
    expect(raw.map((contract) => key(contract.method, contract.path))).toContain(
      'POST /api/v1/verify',
    );
    for (const contract of raw) {
      expect(contract.body, contract.path).toBeUndefined();
      expect(contract.multipart, contract.path).toBeUndefined();
    }
  });

  it('declares what each operation may answer, and only codes the API has', () => {
    for (const contract of allContracts) {
      for (const code of contract.errors) {
        expect(Object.keys(errorCodes), `${contract.path}`).toContain(code);
        // A code every operation of its access answers anyway need not be listed twice.
        expect(implicitErrors(contract), `${contract.path}`).not.toContain(code);
      }
    }
  });

  it('takes an Idempotency-Key on every staff change of value and every decision on one', () => {
    const staffChanges = allContracts.filter(
      (contract) =>
        contract.method !== 'GET' &&
        /^\/api\/v1\/admin\/(valuables|users\/:id\/book-balance|proposals|transfers)/.test(
          contract.path,
        ),
    );
    expect(staffChanges.map((contract) => key(contract.method, contract.path)).sort()).toEqual(
      [
        'DELETE /api/v1/admin/valuables/:id',
        'PATCH /api/v1/admin/valuables/:id',
        'POST /api/v1/admin/valuables',
        'PUT /api/v1/admin/users/:id/book-balance',
        'POST /api/v1/admin/transfers/:type/:id/status',
        'POST /api/v1/admin/proposals/:id/approve',
        'POST /api/v1/admin/proposals/:id/reject',
        'POST /api/v1/admin/proposals/:id/withdraw',
      ].sort(),
    );
    for (const contract of staffChanges) {
      expect(contract.idempotent, contract.path).toBe(true);
      expect(contract.access, contract.path).toBe('admin');
    }
    // A book balance is decided in the approvals queue: its own decision routes are gone.
    expect(allContracts.filter((contract) => /\/book-balance\/./.test(contract.path))).toEqual([]);
  });

  it('declares what a proposal and its decisions answer: the maker or a party (SAME_STAFF), their own or a staff account, decided already (CONFLICT)', () => {
    const changes = allContracts.filter(
      (contract) =>
        contract.method !== 'GET' &&
        /^\/api\/v1\/admin\/(valuables|users\/:id\/book-balance|proposals|transfers)/.test(
          contract.path,
        ),
    );
    const decisions = changes.filter((contract) => contract.path.includes('/proposals/'));
    expect(decisions).toHaveLength(3);
    for (const contract of changes) {
      for (const code of [
        'NOT_FOUND',
        'FORBIDDEN',
        'OWN_ACCOUNT',
        'STAFF_ACCOUNT',
        'SAME_STAFF',
        'CONFLICT',
        'IDEMPOTENCY_KEY_REQUIRED',
        'IDEMPOTENCY_KEY_REUSED',
      ] as const) {
        expect(declaredErrors(contract).has(code), `${contract.path} ${code}`).toBe(true);
      }
    }
    // Approving makes the change, which may find the cash short or the valuable moved on.
    const approve = decisions.find((contract) => contract.path.endsWith('/approve'));
    for (const code of ['INSUFFICIENT_CASH', 'ASSET_UNAVAILABLE', 'UNPROCESSABLE'] as const) {
      expect(approve && declaredErrors(approve).has(code), code).toBe(true);
    }
  });

  it('answers 500 in tests when a route answers a code its contract does not declare', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app, { checkDeclaredErrors: true });
    const findThing = defineContract({
      method: 'GET',
      path: '/api/v1/things/:id',
      access: 'public',
      tag: 'test',
      summary: 'A thing',
      params: z.strictObject({ id: z.string() }),
      status: 200,
      response: z.object({ id: z.string() }),
      errors: ['NOT_FOUND'],
    });
    route(app, findThing, async (request) => {
      if (request.params.id === 'missing') throw new AppError('NOT_FOUND', 'No such thing.');
      if (request.params.id === 'taken') throw new AppError('CONFLICT', 'Undeclared.');
      return { id: request.params.id };
    });
    const found = await app.inject({ method: 'GET', url: '/api/v1/things/a' });
    expect(found.json()).toEqual({ id: 'a' });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/things/missing' });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const undeclared = await app.inject({ method: 'GET', url: '/api/v1/things/taken' });
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json().error.message).toContain('CONFLICT');
    await app.close();
  });
});
