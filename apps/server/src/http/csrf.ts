// The CSRF rule (DESIGN §4), put on every state-changing route by its own hook: the request
// carries the SPA's custom header, a JSON body where it has one, and — when the browser sends an
// Origin — our own origin as APP_URL names it (never the request's Host header, which the
// client writes).
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { csrfHeader } from '@secure-vault/shared';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(method: string): boolean {
  return !safeMethods.has(method.toUpperCase());
}

/** True when `origin` is exactly the origin of APP_URL (scheme, host and port). */
export function isOurOrigin(origin: string, config: Config): boolean {
  try {
    return new URL(origin).origin === new URL(config.appUrl).origin;
  } catch {
    return false;
  }
}

export function csrfGuard(config: Config): onRequestAsyncHookHandler {
  return async (request) => {
    if (!changesState(request.method)) return;
    if (request.headers[csrfHeader.name] !== csrfHeader.value) {
      throw new AppError('CSRF', 'This request is missing the application header.');
    }
    if (
      hasBody(request) &&
      !String(request.headers['content-type'] ?? '').startsWith('application/json')
    ) {
      throw new AppError('CSRF', 'Requests must send JSON.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !isOurOrigin(origin, config)) {
      throw new AppError('CSRF', 'This request came from another site.');
    }
  };
}

/**
 * Browsers send cookies with cross-site WebSocket handshakes (a GET): only our own pages may
 * open one.
 */
export function sameOriginGuard(config: Config): onRequestAsyncHookHandler {
  return async (request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !isOurOrigin(origin, config)) {
      throw new AppError('CSRF', 'This request came from another site.');
    }
  };
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}
