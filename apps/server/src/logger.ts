// The process logger: pino, with every secret-bearing field redacted (DESIGN §3).
import { type DestinationStream, pino, type Logger } from 'pino';

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

/** Logs to stdout, or to `destination` (tests capture the output this way). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: redactedPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
