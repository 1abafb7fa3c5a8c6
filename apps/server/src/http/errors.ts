// One error type with a code, and the one handler that turns any failure into the error body
// `{error: {code, message, issues?}}` with the status of DESIGN §3.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorIssue } from '@secure-vault/shared';
import { AppError } from '../errors.ts';

export { AppError };

export function errorBody(code: ErrorCode, message: string, issues?: ErrorIssue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(errorBody('VALIDATION', 'The request is not valid.', issues));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply.status(status).send(errorBody(code, error.message));
    }
    if (isLostDatabaseConnection(error)) {
      // Nothing was committed for this request (or, with an Idempotency-Key, a retry returns what
      // was): say so, instead of an unexplained 500.
      request.log.warn({ err: error }, 'request failed: database connection lost');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody('UNAVAILABLE', 'The service is briefly unavailable. Please try again.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'An unexpected error occurred. Please try again.'));
  });
}

/**
 * A connection PostgreSQL ended (SQLSTATE class 08, or 57P01–57P03 at shutdown or on
 * pg_terminate_backend), or node-postgres' own word for a socket that closed under a query.
 */
function isLostDatabaseConnection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code))) {
      return true;
    }
    if (/^Connection terminated|not queryable/.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}
