// Security headers and the CSRF rule (DESIGN §4): every state-changing API request carries the
// SPA's custom header, a JSON body where it has one, and (when the browser sends one) our Origin.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { csrfHeader } from '@secure-vault/shared';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const isHttps = config.appUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set inline styles; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
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
    if (origin && !isSameOrigin(origin, request, config)) {
      throw new AppError('CSRF', 'This request came from another site.');
    }
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

function isSameOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  try {
    const { host } = new URL(origin);
    return host === request.headers.host || host === new URL(config.appUrl).host;
  } catch {
    return false;
  }
}
