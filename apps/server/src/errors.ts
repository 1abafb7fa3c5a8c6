// The one error type with a code (DESIGN §3). It knows nothing of HTTP beyond the status its
// code maps to, so the ledger and services raise it; http/errors.ts turns it into the body.
import { type ErrorCode, type ErrorIssue, errorCodes } from '@secure-vault/shared';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  readonly status: number;
  /** A refusal's figures, sent in the error body (RefusalDetails). */
  readonly details: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      issues?: ErrorIssue[];
      status?: number;
      details?: Record<string, string> | undefined;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.status = options.status ?? errorCodes[code];
    this.details = options.details;
  }
}
