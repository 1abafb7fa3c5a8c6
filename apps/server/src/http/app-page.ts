// The app's page, index.html, for every path the web app handles (spa.ts). Each answer carries
// its CSP's style nonce (security.ts) in `<meta property="csp-nonce" nonce>`, which the app hands
// to the one library that inserts a `<style>` element at run time (docs/decisions/011). So the
// page is built per request: never sent from the build's files, never revalidated (a cached copy
// would hold an old nonce), and compressed here rather than at build time.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { styleNonce } from './security.ts';
import { compress, encodingFor } from './compression.ts';

interface Template {
  version: string;
  /** index.html up to `</head>`, and the rest. */
  head: string;
  rest: string;
}

export function appPage(webDist: string) {
  const file = path.join(webDist, 'index.html');
  let template: Template | undefined;

  async function load(): Promise<Template> {
    const info = await stat(file);
    // A rebuild while the server runs changes the file's time.
    const version = `${info.mtimeMs}:${info.size}`;
    if (template?.version === version) return template;
    const html = await readFile(file, 'utf8');
    const at = html.indexOf('</head>');
    if (at < 0) throw new Error(`${file} has no </head> to put the CSP nonce before.`);
    template = { version, head: html.slice(0, at), rest: html.slice(at) };
    return template;
  }

  return async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { head, rest } = await load();
    const meta = `<meta property="csp-nonce" nonce="${styleNonce(reply.raw)}" />`;
    const html = Buffer.from(`${head}  ${meta}\n  ${rest}`);
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await compress(html, encoding, 'perRequest'));
  };
}
