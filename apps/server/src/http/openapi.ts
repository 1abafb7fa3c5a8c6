// OpenAPI generated from the routes' zod schemas: /api/v1/openapi.json and the docs at /api/docs.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '@secure-vault/shared';
import { keysOf } from '../objects.ts';
import { declarePluginAccess } from './access.ts';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(keysOf(errorCodes)),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    details: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        "A refusal's figures: INSUFFICIENT_CASH {needed, balance}, INSUFFICIENT_HOLDING {symbol, wanted, held}, INSUFFICIENT_ASSETS {wanted, available}.",
      ),
  }),
});

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Secure Vault API',
        version: '1.0.0',
        description:
          'Custody, cash and trading for Secure Vault customers and staff. Every state-changing request must send the header `X-Requested-With: secure-vault`.',
      },
      servers: [],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // A contract that takes raw bytes (a PDF to verify) has no JSON body schema to validate:
      // the document names the media type it takes instead.
      const requestType = input.route.config?.contract?.requestType;
      if (!requestType) return transformed;
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          consumes: [requestType],
          body: { type: 'string', format: 'binary' },
        },
      };
    },
  });
  await app.register(async (docs) => {
    declarePluginAccess(docs, 'public', { readsSession: false });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  });
  app.get(
    '/api/v1/openapi.json',
    { schema: { hide: true }, config: { access: 'public' } },
    async () => app.swagger(),
  );
}
