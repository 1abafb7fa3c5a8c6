// The process logger: pino, with every secret-bearing field redacted (DESIGN §3).
import { type DestinationStream, pino, type Logger } from 'pino';
import { fieldOf } from './errors.ts';

/** Fields that must never reach a log line. */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.totp',
  '*.secret',
  '*.otpauthUri',
  '*.recoveryCodes',
  '*.actionLink',
  '*.cookie',
  '*.cookies',
  '*["set-cookie"]',
];

/** What a logged error may say: its type, where it came from, and database codes. */
export interface LoggedError {
  type: string;
  message: string;
  /** SQLSTATE of a database error (under its own name: `code` fields are redacted). */
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  stack?: string;
  cause?: LoggedError;
}

const databaseFields = ['constraint', 'table', 'column', 'routine'] as const;

/**
 * Errors as the log may hold them. A database error's message and detail can quote the values
 * of the row (`Key (email)=(…)`, `invalid input syntax for type uuid: "…"`), and the ORM's
 * wrapper prints the whole query with its parameters (emails, token hashes): redaction by field
 * name cannot see inside those strings, so they are never logged. What identifies the failure
 * is kept: the SQLSTATE, constraint, table, column and the stack frames.
 */
export function serializeError(
  value: unknown,
  options: { keepsMessage?: boolean } = {},
  depth = 0,
): unknown {
  return value instanceof Error ? serializedError(value, options, depth) : value;
}

function serializedError(
  value: Error,
  options: { keepsMessage?: boolean },
  depth: number,
): LoggedError {
  const code = fieldOf(value, 'code');
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  const isDatabase = sqlState !== undefined || 'query' in value || 'params' in value;
  const keepsMessage = (options.keepsMessage ?? true) && !isDatabase;
  const logged: LoggedError = {
    type: value.name,
    message: keepsMessage ? value.message : 'message withheld: it may quote values',
  };
  if (sqlState) logged.sqlState = sqlState;
  for (const field of databaseFields) {
    const text = fieldOf(value, field);
    if (typeof text === 'string') logged[field] = text;
  }
  const frames = value.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  if (frames) logged.stack = frames;
  if (value.cause instanceof Error && depth < 3) {
    logged.cause = serializedError(value.cause, options, depth + 1);
  }
  return logged;
}

/**
 * The process's stdout as the log's destination. Once a write fails — the reader has gone
 * (EPIPE: the shell or supervisor that started the server exited) — the log stops there: lines
 * are dropped, never retried. pino's own stdout destination (sonic-boom 4) retries a failed
 * write every 100 ms in a synchronous loop when it flushes at exit, so a server whose reader had
 * gone never stopped, its forced-exit timer included.
 */
export function stdoutDestination(
  stream: NodeJS.WritableStream = process.stdout,
): DestinationStream {
  let isOpen = true;
  stream.on('error', () => {
    isOpen = false;
  });
  return {
    write(line: string) {
      if (isOpen) stream.write(line);
    },
  };
}

/** Logs to stdout, or to `destination` (tests capture the output this way). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: (value: unknown) => serializeError(value) },
  };
  return pino(options, destination ?? stdoutDestination());
}

export type { Logger };
