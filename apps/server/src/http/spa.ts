// Serves the built web app with history-API fallback; unknown /api paths get the JSON 404,
// unknown files (a path ending in an extension) a plain 404, and an address the app has no page
// for the app's not-found page with status 404. `/` and `/about` are the prerendered
// pages (prerendered-page.ts) when the build has them; every other page is index.html with this
// answer's CSP nonce (app-page.ts). public/robots.txt arrives with the build's other files.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '@secure-vault/shared/pages';
import { entriesOf } from '../objects.ts';
import { prerenderedPages } from '@secure-vault/shared/prerender';
import type { Clock } from '../context.ts';
import { declarePluginAccess } from './access.ts';
import { appPage } from './app-page.ts';
import { errorBody } from './errors.ts';
import { prerenderedPage } from './prerendered-page.ts';

/** A source map, or its precompressed copy: `/assets/index-abc.js.map`, `….map.br`. */
const sourceMap = /\.map(\.(br|gz))?$/i;

export async function registerSpa(
  app: FastifyInstance,
  webDistPath: string,
  clock: Clock,
  options: { serveSourceMaps?: boolean } = {},
): Promise<void> {
  // The build this process serves for its whole life: dist/ is a link the next build moves to
  // its own folder (apps/web/scripts/build.ts), and this one's files stay where they are.
  const webDist = existsSync(webDistPath) ? realpathSync(webDistPath) : webDistPath;
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
        // The prerendered pages still hold the year placeholder; only their paths send them, filled in.
        // Source maps hand out the app's source as written: only when SERVE_SOURCE_MAPS asks.
        allowedPath: (pathName) =>
          !pathName.startsWith('/prerendered/') &&
          !pathName.startsWith('/index.html') &&
          (options.serveSourceMaps === true || !sourceMap.test(pathName)),
        setHeaders(res, filePath) {
          const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      for (const [name, url] of entriesOf(prerenderedPages)) {
        const sendPage = prerenderedPage(webDist, clock, name);
        files.get(url, { schema: { hide: true } }, async (request, reply) => {
          if (await sendPage(request, reply)) return reply;
          return sendApp(request, reply);
        });
      }
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.'));
    }
    if (isMissingFile(request.url)) {
      return reply.status(404).type('text/plain').send('Not found.');
    }
    if (!hasWeb) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    }
    // An address the app has no page for still gets the app, which shows its not-found page,
    // but with the status that says so.
    const pathName = request.url.split(/[?#]/, 1)[0] ?? '/';
    if (!isAppPage(pathName)) reply.status(404);
    return sendApp(request, reply);
  });
}

/**
 * A request for a file the build does not have (`/sitemap.xml`, `/favicon.ico`): a 404, not the
 * app's page, which a crawler would read as the file. A name with `.html` in it asks for a page,
 * which the app's page answers.
 */
function isMissingFile(url: string): boolean {
  const name = url.split(/[?#]/, 1)[0]?.split('/').at(-1) ?? '';
  return /\.[a-z0-9]+$/i.test(name) && !/\.html?(\.|$)/i.test(name);
}
