// The one handler that turns any failure (an AppError of src/errors.ts, which services import
// from there, a validation error, anything else) into the error body
// `{error: {code, message, issues?, details?}}` with the status of DESIGN §3.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorIssue } from '@secure-vault/shared';
import { AppError, fieldOf } from '../errors.ts';
import { declaredErrors } from '@secure-vault/shared/contract';

export function errorBody(
  code: ErrorCode,
  message: string,
  issues?: ErrorIssue[],
  details?: Record<string, string>,
): ErrorBody {
  return {
    error: { code, message, ...(issues ? { issues } : {}), ...(details ? { details } : {}) },
  };
}

export interface ErrorHandlingOptions {
  /**
   * Tests: answer 500 when a route answers a code its contract does not declare, so a contract's
   * error list stays what callers can really get.
   */
  checkDeclaredErrors?: boolean;
}

export function registerErrorHandling(
  app: FastifyInstance,
  { checkDeclaredErrors = false }: ErrorHandlingOptions = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = answerOf(error, request);
    const contract = request.routeOptions.config?.contract;
    if (checkDeclaredErrors && contract && !declaredErrors(contract).has(body.error.code)) {
      request.log.error(
        { code: body.error.code, route: `${contract.method} ${contract.path}` },
        'answered an error code its contract does not declare',
      );
      return reply
        .status(500)
        .send(
          errorBody(
            'INTERNAL',
            `${contract.method} ${contract.path} answered ${body.error.code}, which its contract does not declare.`,
          ),
        );
    }
    if (status === 503) reply.header('retry-after', '1');
    return reply.status(status).send(body);
  });
}

function answerOf(
  error: FastifyError | AppError,
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: errorBody(error.code, error.message, error.issues, error.details),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
        .filter(Boolean)
        .join('.'),
      message: issue.message ?? 'Invalid value',
    }));
    return { status: 400, body: errorBody('VALIDATION', 'The request is not valid.', issues) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return { status, body: errorBody(code, error.message) };
  }
  if (isLostDatabaseConnection(error)) {
    // Nothing was committed for this request (or, with an Idempotency-Key, a retry returns what
    // was): say so, instead of an unexplained 500.
    request.log.warn({ err: error }, 'request failed: database connection lost');
    return {
      status: 503,
      body: errorBody('UNAVAILABLE', 'The service is briefly unavailable. Please try again.'),
    };
  }
  request.log.error({ err: error }, 'request failed');
  return {
    status: 500,
    body: errorBody('INTERNAL', 'An unexpected error occurred. Please try again.'),
  };
}

/** The socket's own errors when the database's end went away under a write or a read. */
const socketErrors = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * A connection PostgreSQL ended (SQLSTATE class 08, or 57P01–57P03 at shutdown or on
 * pg_terminate_backend), the socket's error when its other end went away, or node-postgres' own
 * word for a socket that closed under a query.
 */
function isLostDatabaseConnection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = fieldOf(e, 'code');
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || /^57P0[123]$/.test(code) || socketErrors.has(code))
    ) {
      return true;
    }
    if (/^Connection terminated|not queryable/.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}
