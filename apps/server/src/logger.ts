// The process logger: pino, with every secret-bearing field redacted (DESIGN §3).
import { pino, type Logger } from 'pino';

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
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' } });
}

export type { Logger };
