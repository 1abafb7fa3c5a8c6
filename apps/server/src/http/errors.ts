// One error type with a code, and the one handler that turns any failure into the error body
// `{error: {code, message, issues?}}` with the status of DESIGN §3.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, type ErrorCode, type ErrorIssue, errorCodes } from '@secure-vault/shared';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: ErrorIssue[]; status?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.status = options.status ?? errorCodes[code];
  }
}

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
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'An unexpected error occurred. Please try again.'));
  });
}
