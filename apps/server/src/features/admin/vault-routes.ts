// /api/v1/admin, the vault side (SPEC §2 tabs Users, Valuables Management, Book Balance, and the
// net-worth figures): staff only; every change is journaled and audited with the change.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserSchema,
  adminValuableInputSchema,
  adminValuableSchema,
  adminValuableUpdateSchema,
  bookBalanceInputSchema,
  platformNetWorthSchema,
  profileSchema,
  userNetWorthSchema,
  valuableSchema,
} from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/openapi.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { addValuable, deleteValuable, editValuable } from './change-valuables.ts';
import { getAllValuables } from './get-all-valuables.ts';
import { getPlatformNetWorth, getUserNetWorths } from './get-net-worth.ts';
import { getUsers } from './get-users.ts';
import { setBookBalance } from './set-book-balance.ts';

const idParams = z.strictObject({ id: z.uuid() });
const noContent = z.null().describe('No content');

export const adminVaultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const tags = ['admin'];
  const config = { access: 'admin' } as const;

  app.get(
    '/users',
    {
      config,
      schema: {
        tags,
        summary: 'Every account with account number and book balance, newest first',
        response: { 200: z.array(adminUserSchema), ...errorResponses },
      },
    },
    async () => getUsers(ctx.db),
  );

  app.get(
    '/valuables',
    {
      config,
      schema: {
        tags,
        summary: "Every customer's valuables in the vault with the owner's email, newest first",
        response: { 200: z.array(adminValuableSchema), ...errorResponses },
      },
    },
    async () => getAllValuables(ctx.db),
  );

  app.post(
    '/valuables',
    {
      config,
      schema: {
        tags,
        summary: "Add a valuable to a customer's vault; type cash credits their cash position",
        body: adminValuableInputSchema,
        response: { 201: valuableSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const valuable = await addValuable(
        ctx,
        requireAuth(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(valuable);
    },
  );

  app.patch(
    '/valuables/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a valuable (the cash position: its balance only; traded positions: no)',
        params: idParams,
        body: adminValuableUpdateSchema,
        response: { 200: valuableSchema, ...errorResponses },
      },
    },
    async (request) =>
      editValuable(
        ctx,
        requireAuth(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  app.delete(
    '/valuables/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a valuable; the journal takes out its value',
        params: idParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteValuable(ctx, requireAuth(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/users/:id/book-balance',
    {
      config,
      schema: {
        tags,
        summary: "Set a customer's book balance",
        params: idParams,
        body: bookBalanceInputSchema,
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) =>
      setBookBalance(
        ctx,
        requireAuth(request),
        request.params.id,
        request.body.bookBalance,
        requestMeta(request),
      ),
  );

  app.get(
    '/net-worth',
    {
      config,
      schema: {
        tags,
        summary: 'Platform net worth: every book balance plus every valuable in the vault',
        response: { 200: platformNetWorthSchema, ...errorResponses },
      },
    },
    async () => getPlatformNetWorth(ctx.db),
  );

  app.get(
    '/net-worth/users',
    {
      config,
      schema: {
        tags,
        summary: 'Net worth per customer, largest first, ranked from 1',
        response: { 200: z.array(userNetWorthSchema), ...errorResponses },
      },
    },
    async () => getUserNetWorths(ctx.db),
  );
};
