// Registers a route from its contract (packages/shared, DESIGN §3): the path, method, access,
// validation of params, query and body, the answer's serialisation and OpenAPI all come from the
// one object the web app calls too. A handler gets the parsed parts typed and returns the answer;
// it never writes a path, a status or a schema of its own.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  preValidationAsyncHookHandler,
  preValidationHookHandler,
} from 'fastify';
import {
  type Contract,
  type ContractRequest,
  type ContractResponse,
  declaredErrors,
} from '@secure-vault/shared/contract';
import { errorCodes } from '@secure-vault/shared/errors';
import { denyDuringImpersonation } from '../auth/access.ts';
import { idempotencyHeadersSchema, requireIdempotencyKey } from './idempotency.ts';
import { AppError } from '../errors.ts';
import { errorBodySchema } from './openapi.ts';

/** A request whose params, query and body are the contract's parsed types. */
export type ContractFastifyRequest<C extends Contract> = FastifyRequest & ContractRequest<C>;

export type ContractHandler<C extends Contract> = (
  request: ContractFastifyRequest<C>,
  reply: FastifyReply,
) => Promise<ContractResponse<C> | FastifyReply>;

export interface RouteExtras {
  /** The hot routes whose statement joins the session itself (http/access.ts). */
  joinsSession?: boolean;
  /** False for routes that never need the caller. */
  readsSession?: boolean;
  onRequest?: onRequestHookHandler | onRequestAsyncHookHandler;
  /** Keep the validation error for the handler to word (trading's QUANTITY_INVALID). */
  attachValidation?: boolean;
}

/** Registers `contract` on `app` with `handler`; the answer is sent with the contract's status. */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const preValidation: (preValidationHookHandler | preValidationAsyncHookHandler)[] = [
    ...(contract.idempotent ? [requireIdempotencyKey] : []),
    ...(contract.requestType ? [requireRequestType(contract.requestType)] : []),
  ];
  const onRequest: onRequestHookHandler[] = [
    ...(contract.refusesImpersonation ? [denyDuringImpersonation] : []),
    ...(extras.onRequest ? [extras.onRequest] : []),
  ];
  app.route({
    method: contract.method,
    url: contract.path,
    config: {
      access: contract.access,
      contract,
      ...(extras.joinsSession === undefined ? {} : { joinsSession: extras.joinsSession }),
      ...(extras.readsSession === undefined ? {} : { readsSession: extras.readsSession }),
    },
    ...(onRequest.length ? { onRequest } : {}),
    ...(preValidation.length ? { preValidation } : {}),
    ...(extras.attachValidation ? { attachValidation: true } : {}),
    schema: {
      tags: [contract.tag],
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.idempotent ? { headers: idempotencyHeadersSchema } : {}),
      response: { ...errorResponsesOf(contract), [contract.status]: successSchemaOf(contract) },
    },
    handler: async (request, reply) => {
      const answer = await handler(request as ContractFastifyRequest<C>, reply);
      if (reply.sent || answer === reply) return reply;
      return reply.status(contract.status).send(contract.status === 204 ? null : answer);
    },
  });
}

/**
 * A contract that takes raw bytes (`requestType`) gets them as a Buffer, which the feature's
 * content-type parser reads; a body of any other type is refused.
 */
function requireRequestType(mediaType: string): preValidationAsyncHookHandler {
  async function sendsRequestType(request: FastifyRequest): Promise<void> {
    const type = String(request.headers['content-type'] ?? '');
    const sent = type.split(';')[0]?.trim().toLowerCase();
    if (sent && sent !== mediaType) {
      throw new AppError('BAD_REQUEST', `Send the body as ${mediaType}.`);
    }
  }
  return sendsRequestType;
}

function successSchemaOf(contract: Contract) {
  if (!contract.responseType) return contract.response;
  return {
    description: contract.summary,
    content: { [contract.responseType]: { schema: contract.response } },
  };
}

/** The error body under each status the contract's codes answer with (500 is never declared). */
function errorResponsesOf(contract: Contract): Record<number, typeof errorBodySchema> {
  const responses: Record<number, typeof errorBodySchema> = {};
  for (const code of declaredErrors(contract)) {
    const status = errorCodes[code];
    if (status < 500 || status === 503) responses[status] = errorBodySchema;
  }
  return responses;
}
