// Serves the built web app with history-API fallback; unknown /api paths get the JSON 404.
// `/` is the prerendered home page (home-page.ts) when the build has one; every other page is
// index.html with this answer's CSP nonce (app-page.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Clock } from '../context.ts';
import { declarePluginAccess } from './access.ts';
import { appPage } from './app-page.ts';
import { errorBody } from './errors.ts';
import { homePage } from './home-page.ts';

export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  clock: Clock,
): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const sendApp = appPage(webDist);
  if (hasWeb) {
    await app.register(async (files) => {
      // The built app is public and never needs the caller.
      declarePluginAccess(files, 'public', { readsSession: false });
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        // index.html needs its nonce filled in: app-page.ts sends it, for any path.
        index: false,
        preCompressed: true,
        // The prerendered pages still hold the year placeholder; only `/` sends them, filled in.
        allowedPath: (pathName) =>
          !pathName.startsWith('/prerendered/') && !pathName.startsWith('/index.html'),
        setHeaders(res, filePath) {
          const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      const sendHome = homePage(webDist, clock);
      files.get('/', { schema: { hide: true } }, async (request, reply) => {
        if (await sendHome(request, reply)) return reply;
        return sendApp(request, reply);
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.'));
    }
    if (!hasWeb) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    }
    return sendApp(request, reply);
  });
}
