// /api/v1/trades, /api/v1/swaps (money-moving: Idempotency-Key required) and the sell tab's
// /api/v1/me/holdings/:symbol. An impersonating staff member may trade; the journal names them.
import type { FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type FastifyPluginAsyncZod,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { swapResultSchema, tradeResultSchema } from '@secure-vault/shared/history';
import {
  assetSymbolSchema,
  holdingSchema,
  swapRequestSchema,
  tradeRequestSchema,
} from '@secure-vault/shared/trading';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { AppError } from '../../errors.ts';
import { sessionCaller } from '../../auth/session-caller.ts';
import {
  idempotencyHeadersSchema,
  idempotencyOf,
  requireIdempotencyKey,
  sendIdempotent,
} from '../../http/idempotency.ts';
import { errorResponses } from '../../http/openapi.ts';
import { getHolding } from './get-holding.ts';
import { placeTrade } from './place-trade.ts';
import { swapAssets } from './swap-assets.ts';

export const tradingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['trading'];

  app.post(
    '/trades',
    {
      config: { access: 'user', joinsSession: true },
      preValidation: requireIdempotencyKey,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Buy or sell a metal or cryptocurrency at its listed price',
        description:
          'Give either `quantity` (mg or units) or `total` (USD, whole cents: a buy pays exactly that for quantity = total ÷ price rounded down to the step; a sell sells total ÷ price rounded up). Cash moves in whole cents: a buy by quantity pays the value rounded up to the cent, a sale receives it rounded down. Repeating the Idempotency-Key with the same body returns the first answer and trades nothing.',
        headers: idempotencyHeadersSchema,
        body: tradeRequestSchema,
        response: { 201: tradeResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      refuseInvalidOrder(request);
      const outcome = await placeTrade(ctx, sessionCaller(ctx, request), {
        order: request.body,
        idempotency: idempotencyOf(request),
      });
      return sendIdempotent(reply, outcome);
    },
  );

  app.post(
    '/swaps',
    {
      config: { access: 'user', joinsSession: true },
      preValidation: requireIdempotencyKey,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Swap a quantity of one traded holding for another at listed prices',
        description:
          'Sells at the value rounded down to the cent and buys the target with those cents, rounded down to its quantity step; the cents left are credited as cash.',
        headers: idempotencyHeadersSchema,
        body: swapRequestSchema,
        response: { 201: swapResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      refuseInvalidOrder(request);
      const outcome = await swapAssets(ctx, sessionCaller(ctx, request), {
        swap: request.body,
        idempotency: idempotencyOf(request),
      });
      return sendIdempotent(reply, outcome);
    },
  );

  app.get(
    '/me/holdings/:symbol',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your holding of one asset, for the sell tab',
        params: z.strictObject({ symbol: assetSymbolSchema }),
        response: { 200: holdingSchema, ...errorResponses },
      },
    },
    async (request) => getHolding(ctx.db, requireAuth(request).user.id, request.params.symbol),
  );
};

/**
 * A body that only fails on its quantity or amount (not a number, or both or neither given) is
 * QUANTITY_INVALID like any other unusable quantity; anything else is the usual VALIDATION.
 */
function refuseInvalidOrder(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'body') {
    const issues: ZodFastifySchemaValidationError[] = error.validation;
    const fields = issues.map((issue) => issue.instancePath.split('/')[1] ?? '');
    if (fields.every((field) => field === 'quantity' || field === 'total')) {
      throw new AppError('QUANTITY_INVALID', 'Enter a valid quantity or amount.', {
        issues: issues.map((issue) => ({
          path: ['body', ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          message: issue.message ?? 'Invalid value',
        })),
      });
    }
  }
  throw error;
}
