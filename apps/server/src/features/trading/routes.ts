// Buy, sell, swap and the Sell tab's holding (contracts: shared/trading/contracts.ts). Trades and
// swaps move money: the contract requires an Idempotency-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import * as trading from '@secure-vault/shared/trading/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sessionCaller } from '../../auth/session-caller.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { createQuoteBook } from '../../prices/quote-book.ts';
import { getHolding } from './get-holding.ts';
import { placeTrade } from './place-trade.ts';
import { swapAssets } from './swap-assets.ts';

export function tradingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const order = { joinsSession: true, attachValidation: true } as const;
  const book = createQuoteBook(ctx.database);
  app.addHook('onClose', () => book.close());
  route(
    app,
    trading.placeTrade,
    async (request, _caller, reply) => {
      refuseInvalidOrder(request);
      const outcome = await placeTrade(ctx, book, sessionCaller(ctx, request), {
        order: request.body,
        idempotency: idempotencyOf(request),
      });
      return sendIdempotent(reply, outcome);
    },
    order,
  );
  route(
    app,
    trading.swapAssets,
    async (request, _caller, reply) => {
      refuseInvalidOrder(request);
      const outcome = await swapAssets(ctx, book, sessionCaller(ctx, request), {
        swap: request.body,
        idempotency: idempotencyOf(request),
      });
      return sendIdempotent(reply, outcome);
    },
    order,
  );
  route(app, trading.getHolding, (request, auth) =>
    getHolding(ctx.db, auth.user.id, request.params.symbol),
  );
}

/**
 * A body that only fails on its quantity or amount (not a number, or both or neither given) is
 * QUANTITY_INVALID like any other unusable quantity; anything else is the usual VALIDATION.
 */
function refuseInvalidOrder(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'body') {
    // cast: hasZodFastifySchemaValidationErrors checked it; the guard narrows the error, not this field.
    const issues = error.validation as ZodFastifySchemaValidationError[];
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
