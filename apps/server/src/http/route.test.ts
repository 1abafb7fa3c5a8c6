// route() hands each handler the caller its contract's access promises: the guard's caller for
// 'user' and 'admin', the caller or null for 'public'. A 'user' or 'admin' route that reaches its
// handler without a caller (its guard did not run) is a bug: it answers 500 and runs nothing.
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Access, defineContract } from '@secure-vault/shared/contract';
import type { RequestAuth } from '../auth/sessions.ts';
import { registerErrorHandling } from './errors.ts';
import { route } from './route.ts';

const customer: RequestAuth = {
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'customer@example.com' },
  session: {
    id: '00000000-0000-4000-8000-000000000002',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    lastSeenAt: new Date('2026-01-01T00:00:00Z'),
    expiresAt: new Date('2026-01-02T00:00:00Z'),
    restoreSessionId: null,
    hasPassedSecondFactor: false,
    hasUsedPasskey: false,
  },
  isAdmin: false,
  impersonatedBy: null,
  hasTwoFactor: false,
  hasPasskey: false,
};

const whoAmI = <A extends Access>(access: A) =>
  defineContract({
    method: 'GET',
    path: `/api/v1/who-am-i/${access}`,
    access,
    tag: 'test',
    summary: 'Who is calling',
    status: 200,
    response: z.object({ userId: z.string().nullable() }),
    errors: [],
  });

let app: FastifyInstance;
let handled: number;

/** An app whose stand-in guard puts `auth` on every request (null: nobody signed in). */
async function appWithCaller(auth: RequestAuth | null): Promise<FastifyInstance> {
  const fastify = Fastify().withTypeProvider<ZodTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(fastify);
  fastify.decorateRequest('auth', null);
  fastify.addHook('onRequest', async (request) => {
    request.auth = auth;
  });
  handled = 0;
  route(fastify, whoAmI('public'), async (_request, caller) => {
    handled += 1;
    return { userId: caller?.user.id ?? null };
  });
  route(fastify, whoAmI('user'), async (_request, auth) => {
    handled += 1;
    return { userId: auth.user.id };
  });
  route(fastify, whoAmI('admin'), async (_request, staff) => {
    handled += 1;
    return { userId: staff.user.id };
  });
  await fastify.ready();
  return fastify;
}

const ask = async (access: Access) => {
  const answer = await app.inject({ method: 'GET', url: `/api/v1/who-am-i/${access}` });
  return { status: answer.statusCode, body: answer.json() };
};

afterEach(async () => {
  await app.close();
});

describe('route() hands the handler its caller', () => {
  it('hands a user route the signed-in caller, and a public route the caller or null', async () => {
    app = await appWithCaller(customer);
    expect(await ask('user')).toEqual({ status: 200, body: { userId: customer.user.id } });
    expect(await ask('public')).toEqual({ status: 200, body: { userId: customer.user.id } });
    await app.close();
    app = await appWithCaller(null);
    expect(await ask('public')).toEqual({ status: 200, body: { userId: null } });
  });

  it('answers 500 and runs no handler when a user or admin route has no caller', async () => {
    app = await appWithCaller(null);
    expect((await ask('user')).status).toBe(500);
    expect((await ask('admin')).status).toBe(500);
    expect(handled).toBe(0);
  });

  it('answers 500 and runs no handler when an admin route is reached by a customer', async () => {
    app = await appWithCaller(customer);
    expect((await ask('admin')).status).toBe(500);
    expect(handled).toBe(0);
  });

  it('hands an admin route the staff member', async () => {
    const staff = { ...customer, isAdmin: true };
    app = await appWithCaller(staff);
    expect(await ask('admin')).toEqual({ status: 200, body: { userId: staff.user.id } });
  });
});
