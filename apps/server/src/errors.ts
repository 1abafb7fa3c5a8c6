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

/**
 * A field of a thrown value that may not be an Error at all (a driver's `code`, `cause`,
 * `constraint`; nodemailer's `responseCode`), read without trusting its type: the web app reads
 * parsed JSON and a history entry's state with the same function.
 */
export { fieldOf } from '@secure-vault/shared/guards';

/** What a thrown value says, for a command-line tool's one line. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A body field refused with a locale key, as schema validation refuses one. */
export function invalidField(field: string, message: string): AppError {
  const issues: ErrorIssue[] = [{ path: `body.${field}`, message }];
  return new AppError('VALIDATION', 'The request is not valid.', { issues });
}
