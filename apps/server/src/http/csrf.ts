// The CSRF rule (DESIGN §4), put on every state-changing route by its own hook: the request
// carries the SPA's custom header, a JSON body where it has one (multipart/form-data on the
// routes whose contract takes a file), and — when the browser sends an Origin — our own origin
// as APP_URL names it (never the request's Host header, which the client writes).
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { csrfHeader } from '@secure-vault/shared';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

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
    if (hasBody(request) && !sendsItsBodyType(request)) {
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

/**
 * JSON, or the raw media type a contract takes (`requestType`), which no cross-site form can
 * send; and multipart/form-data, which one can, only where
 * the contract takes a file upload (`multipart: true`), where the custom header (which a
 * cross-site request cannot carry without a preflight we never grant) and the Origin rule stand.
 */
function sendsItsBodyType(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) return true;
  // A raw body the contract names (a PDF to verify): no form can send that type either.
  const requestType = request.routeOptions.config.contract?.requestType;
  if (requestType && type.split(';')[0]?.trim().toLowerCase() === requestType) return true;
  return (
    request.routeOptions.config.contract?.multipart === true &&
    type.toLowerCase().startsWith('multipart/form-data')
  );
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}
