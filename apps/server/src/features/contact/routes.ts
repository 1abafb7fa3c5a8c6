// The contact form's message to the team (contract: shared/contact/contracts.ts).
import type { FastifyInstance } from 'fastify';
import { languageFromHeader } from '@secure-vault/shared';
import * as contact from '@secure-vault/shared/contact/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { sendContactMessage } from './send-contact-message.ts';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, contact.sendContactMessage, (request) =>
    sendContactMessage(
      ctx,
      request.body,
      { ip: request.ip, language: languageFromHeader(request.headers['accept-language']) },
      request.log,
    ),
  );
}
