import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageSchema,
  contactReceiptSchema,
  languageFromHeader,
} from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/openapi.ts';
import { sendContactMessage } from './send-contact-message.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['marketing'],
        summary: 'Send a message to the Secure Vault team',
        body: contactMessageSchema,
        response: { 201: contactReceiptSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const receipt = await sendContactMessage(
        ctx,
        request.body,
        { ip: request.ip, language: languageFromHeader(request.headers['accept-language']) },
        request.log,
      );
      return reply.status(201).send(receipt);
    },
  );
};
