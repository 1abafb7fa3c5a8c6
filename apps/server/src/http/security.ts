// Security headers (DESIGN §4). The CSRF rule is a per-route guard (csrf.ts).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const isHttps = config.appUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline': stylesheets are files, styles set from script go through the CSSOM
        // (which CSP does not govern), and a runtime <style> element needs this answer's nonce.
        // API answers are JSON or CSV, never a page: no nonce to make for them (a fresh one per
        // answer cost the API 5–8 % of its CPU, bench/README.md).
        styleSrc: [
          "'self'",
          (req, res) => (isApiRequest(req.url) ? "'self'" : `'nonce-${styleNonce(res)}'`),
        ],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers our own ws:/wss: socket (CSP level 3); no other host.
        connectSrc: ["'self'"],
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
  });
}
