// Security headers (DESIGN §4). The CSRF rule is a per-route guard (csrf.ts).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmetMiddleware from 'helmet';
import type { Config } from '../config.ts';

const styleNonces = new WeakMap<ServerResponse, string>();

/**
 * The nonce this answer's CSP allows on `<style>` elements, fresh for every answer. The app's
 * page hands it to the one library that inserts such an element at run time (app-page.ts,
 * docs/decisions/011); any other `<style>` element or `style="…"` attribute in a page is refused.
 */
export function styleNonce(res: ServerResponse): string {
  let nonce = styleNonces.get(res);
  if (nonce === undefined) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(res, nonce);
  }
  return nonce;
}

function isApiRequest(url: string | undefined): boolean {
  return url !== undefined && (url === '/api' || url.startsWith('/api/'));
}

type StyleSource = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** Helmet's options: one policy for pages and API answers; only `styleSrc` differs. */
function helmetOptions(isHttps: boolean, styleSrc: StyleSource[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc,
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers our own ws:/wss: socket (CSP level 3); no other host.
        connectSrc: ["'self'"],
        // The app's own service worker (/sw.js) and web app manifests; said outright rather than
        // left to fall back on script-src and default-src.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' above says it; browsers ignore X-Frame-Options beside it.
    xFrameOptions: false,
  };
}

/** The headers helmet sets for these options, computed once (they depend on nothing per answer). */
function staticHeaders(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  // The same options: helmet's types come through its ESM entry, @fastify/helmet's through the
  // CommonJS one, which TypeScript keeps apart.
  // cast: the same options typed through helmet's ESM and CommonJS entries.
  helmetMiddleware(options as Parameters<typeof helmetMiddleware>[0])(
    // cast: helmet reads only the url of the request.
    { url: '/api' } as IncomingMessage,
    // cast: helmet only sets and removes headers on the response.
    response as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const isHttps = config.appUrl.startsWith('https://');
  // No 'unsafe-inline' for styles: stylesheets are files, styles set from script go through the
  // CSSOM (which CSP does not govern), and a runtime <style> element needs this answer's nonce.
  // API answers are JSON or CSV, never a page: their headers are the same for every answer, so
  // they are built once here instead of by helmet per answer (15-19 % of an API answer's CPU,
  // bench/README.md); pages get helmet with a fresh style nonce.
  const apiHeaders = staticHeaders(helmetOptions(isHttps, ["'self'"]));
  await app.register(helmet, {
    global: false,
    ...helmetOptions(isHttps, ["'self'", (_req, res) => `'nonce-${styleNonce(res)}'`]),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isApiRequest(request.url)) reply.headers(apiHeaders);
    else reply.helmet();
  });
}
