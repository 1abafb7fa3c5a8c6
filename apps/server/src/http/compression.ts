// Compression of the pages the server builds itself (prerendered-page.ts, app-page.ts); the build's
// files are precompressed once, at build time (apps/web/scripts/compress.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the browser accepts. */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * `once`: the smallest result, for a body compressed once and sent many times (tens of
 * milliseconds for the 30 KB home page). `perRequest`: about 0.1 ms for the 1 KB app page, a
 * few dozen bytes larger.
 */
export async function compress(
  body: Buffer,
  encoding: Encoding,
  effort: 'once' | 'perRequest',
): Promise<Buffer> {
  if (encoding === 'identity') return body;
  if (encoding === 'gzip') return gzipAsync(body, { level: effort === 'once' ? 9 : 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
