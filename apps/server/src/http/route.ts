// Registers a route from its contract (packages/shared, DESIGN §3): the path, method, access,
// validation of params, query and body, the answer's serialisation and OpenAPI all come from the
// one object the web app calls too. A handler gets the parsed parts typed and the caller typed by
// the contract's access (as documenso's authenticatedProcedure gives its `ctx.user`), and returns
// the answer; it never writes a path, a status or a schema of its own, nor asks who is calling.
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
import type { RequestAuth } from '../auth/sessions.ts';
import { idempotencyHeadersSchema, requireIdempotencyKey } from './idempotency.ts';
import { AppError } from '../errors.ts';
import { errorBodySchema } from './openapi.ts';

/** A request whose params, query and body are the contract's parsed types. */
export type ContractFastifyRequest<C extends Contract> = FastifyRequest & ContractRequest<C>;

/** The caller of an admin route: a staff member's own session (never an impersonation). */
export type StaffAuth = RequestAuth & { isAdmin: true };

/**
 * Who calls a route of contract `C`, as its access guard (auth/access.ts) has let them in: a
 * staff member for 'admin', a signed-in user for 'user', anyone (signed in or not) for 'public'.
 */
export type CallerOf<C extends Contract> = C['access'] extends 'admin'
  ? StaffAuth
  : C['access'] extends 'user'
    ? RequestAuth
    : RequestAuth | null;

/**
 * The caller a handler is handed: none on the routes whose statement joins the session itself
 * (`joinsSession`; they pass `sessionCaller(ctx, request)` to that statement), else `CallerOf<C>`.
 */
export type HandlerCaller<C extends Contract, E extends RouteExtras> = E extends {
  joinsSession?: false | undefined;
}
  ? CallerOf<C>
  : undefined;

export type ContractHandler<C extends Contract, Caller = CallerOf<C>> = (
  request: ContractFastifyRequest<C>,
  caller: Caller,
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
export function route<C extends Contract, const E extends RouteExtras = Record<never, never>>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C, HandlerCaller<C, E>>,
  extras?: E,
): void;
export function route(
  app: FastifyInstance,
  contract: Contract,
  handler: ContractHandler<Contract, RequestAuth | null | undefined>,
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
      const answer = await handler(
        // cast: Fastify types the parts unknown; the contract's schemas have parsed them.
        request as ContractFastifyRequest<Contract>,
        callerOf(request, contract, extras),
        reply,
      );
      if (reply.sent || answer === reply) return reply;
      return reply.status(contract.status).send(contract.status === 204 ? null : answer);
    },
  });
}

/**
 * The caller the access guard has put on the request. A 'user' or 'admin' route without one (or an
 * admin route whose caller is no staff member) means the guard did not run: that is a bug, never
 * a request to serve, so it fails the request (500) instead of going on without a caller.
 */
function callerOf(
  request: FastifyRequest,
  contract: Contract,
  extras: RouteExtras,
): RequestAuth | null | undefined {
  if (extras.joinsSession) return undefined;
  const auth = request.auth ?? null;
  if (contract.access === 'public') return auth;
  if (!auth || (contract.access === 'admin' && !auth.isAdmin)) {
    throw new Error(
      `${contract.method} ${contract.path} (${contract.access}) reached its handler without its caller`,
    );
  }
  return auth;
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
