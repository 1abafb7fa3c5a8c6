// `/` and `/about` are pages the web build prerendered (apps/web/scripts/prerender.ts), one file
// per page and language, so a visitor's first page there needs no app bundle. The `language`
// cookie, which the web app keeps in step with the stored choice, picks the file; the footer's
// year is filled in here. Each is compressed once per build and year, not per request.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultLanguage, isLanguage, type Language } from '@secure-vault/shared/i18n';
import { type PrerenderedPage, yearPlaceholder } from '@secure-vault/shared/prerender';
import type { Clock } from '../context.ts';
import { compress, type Encoding, encodingFor } from './compression.ts';

interface Rendition {
  version: string;
  bodies: Record<Encoding, Buffer>;
}

export function prerenderedPage(webDist: string, clock: Clock, name: PrerenderedPage) {
  const renditions = new Map<Language, Rendition>();

  async function rendition(language: Language): Promise<Rendition | null> {
    const file = path.join(webDist, 'prerendered', `${name}.${language}.html`);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const year = String(clock.now().getUTCFullYear());
    // A rebuild while the server runs changes the file's time; a new year changes the text.
    const version = `${info.mtimeMs}:${info.size}:${year}`;
    const cached = renditions.get(language);
    if (cached?.version === version) return cached;
    const html = Buffer.from((await readFile(file, 'utf8')).replaceAll(yearPlaceholder, year));
    const fresh: Rendition = {
      version,
      bodies: {
        identity: html,
        gzip: await compress(html, 'gzip', 'once'),
        br: await compress(html, 'br', 'once'),
      },
    };
    renditions.set(language, fresh);
    return fresh;
  }

  /** Sends the page; false when the build has none, so the caller can send the app. */
  return async function send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const cookie = request.cookies.language;
    const language = isLanguage(cookie) ? cookie : defaultLanguage;
    const page = await rendition(language);
    if (!page) return false;
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    await reply
      .header('vary', 'accept-encoding, cookie')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.bodies[encoding]);
    return true;
  };
}
