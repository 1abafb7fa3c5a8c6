import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../test/test-app.ts';
import { yearPlaceholder } from '@secure-vault/shared/prerender';

const dist = mkdtempSync(path.join(os.tmpdir(), 'sv-dist-'));
const clock = manualClock(new Date('2026-12-31T23:59:00Z'));
let t: TestApp;

function writeHomePages() {
  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [page, language, heading] of [
    ['home', 'en', 'Private custody'],
    ['home', 'ar', 'حفظ خاص'],
    ['about', 'en', 'Guardians since 1999'],
    ['about', 'ar', 'حُرّاس منذ 1999'],
  ]) {
    writeFileSync(
      path.join(dist, 'prerendered', `${page}.${language}.html`),
      `<!doctype html><html lang="${language}" data-prerendered><h1>${heading}</h1>` +
        `<footer>© ${yearPlaceholder} Secure Vault</footer></html>`,
    );
  }
}

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Secure Vault</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A source map as the build writes it, precompressed beside it (scripts/compress.ts).
  const map = '{"version":3,"sources":["../../src/app/app.tsx"],"sourcesContent":["secret"]}';
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), map);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map.br'), brotliCompressSync(map));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map.gz'), gzipSync(map));
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Secure Vault"}');
  writeHomePages();
  t = await createTestApp({ env: { WEB_DIST: dist }, clock });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each([
    '/what-we-do',
    '/dashboard',
    '/dashboard/',
    '/metal-calculator/au',
    '/metal-calculator/AU',
    '/crypto/BTC?from=list',
    '/admin/impersonate',
    '/settings',
    '/settings/profile',
    '/settings/security',
    '/settings/sessions',
    '/settings/staff-access?from=mail',
  ])('answers %s with index.html, never cached', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Secure Vault</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/no/such/page',
    '/dashboards',
    '/metal-calculator/btc',
    '/crypto/XAU',
    '/crypto/BTC/more',
    '/crypto/%3Cscript%3E',
    '/%2e%2e/etc/passwd',
    '/settings/nothing',
    '/settings/profile/more',
  ])(
    'answers %s, which the app has no page for, 404 with the app (its not-found page)',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Secure Vault</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('gives each answer its own style nonce, in the CSP and in the page for the app', async () => {
    const nonceIn = (res: { headers: Record<string, unknown>; body: string }) => {
      const header = String(res.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
      const meta = res.body.match(/<meta property="csp-nonce" nonce="([^"]+)" \/>\s*<\/head>/)?.[1];
      expect(meta).toBe(header);
      return header;
    };
    const first = await t.app.inject({ url: '/contact' });
    const second = await t.app.inject({ url: '/contact' });
    expect(nonceIn(first)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceIn(second)).not.toBe(nonceIn(first));
    // Without validators: a revalidated copy would keep an old nonce under a new policy.
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['last-modified']).toBeUndefined();
  });

  it('never sends index.html as a file, which has no nonce', async () => {
    for (const url of ['/index.html', '/index.html.gz']) {
      const res = await t.app.inject({ url });
      // Not a page of the app either: its not-found page, with its nonce.
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta property="csp-nonce"');
    }
  });

  it('sends the page for the app compressed when the browser accepts it', async () => {
    const br = await t.app.inject({ url: '/settings', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Secure Vault</title>');
    const gzip = await t.app.inject({ url: '/settings', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<meta property="csp-nonce"');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends files added after start-up (a rebuild while running)', async () => {
    writeFileSync(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    const res = await t.app.inject({ url: '/assets/late-def456.js' });
    expect(res.statusCode).toBe(200);
  });

  it('sends the service worker unhashed and never cached, so a new version is found at once', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The page's CSP lets it register the worker and read the manifest, both from this origin.
    const page = await t.app.inject({ url: '/dashboard' });
    expect(String(page.headers['content-security-policy'])).toContain("worker-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('sends the web app manifest with its media type', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends robots.txt as the text file it is', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('User-agent: *\nAllow: /\n');
  });

  it.each(['/sitemap.xml', '/favicon.ico', '/assets/gone-123.js', '/missing.txt?x=1'])(
    'answers %s, a file the build does not have, with a 404 rather than the app',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).not.toContain('<html');
    },
  );

  it('keeps JSON 404s for unknown API paths and non-GET requests', async () => {
    expect((await t.app.inject({ url: '/api/v1/unknown' })).json().error.code).toBe('NOT_FOUND');
    const post = await t.app.inject({
      method: 'POST',
      url: '/about',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('the prerendered pages at / and /about', () => {
  it('is the English page by default, with the year from the clock, never cached', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<html lang="en" data-prerendered>');
    expect(res.body).toContain('© 2026 Secure Vault');
    expect(res.body).not.toContain(yearPlaceholder);
  });

  it('follows the language cookie, and ignores a language it does not know', async () => {
    const arabic = await t.app.inject({ url: '/', cookies: { language: 'ar' } });
    expect(arabic.body).toContain('<h1>حفظ خاص</h1>');
    const unknown = await t.app.inject({ url: '/', cookies: { language: 'fr' } });
    expect(unknown.body).toContain('<html lang="en" data-prerendered>');
  });

  it('is sent compressed when the browser accepts it', async () => {
    const plain = (await t.app.inject({ url: '/', cookies: { language: 'ar' } })).rawPayload;
    const br = await t.app.inject({
      url: '/',
      cookies: { language: 'ar' },
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Private custody');
  });

  it('shows the new year once the clock passes midnight on 31 December', async () => {
    clock.advance(2 * 60_000);
    const res = await t.app.inject({ url: '/' });
    expect(res.body).toContain('© 2027 Secure Vault');
  });

  it('picks up a rebuild while the server runs', async () => {
    const file = path.join(dist, 'prerendered', 'home.en.html');
    writeFileSync(file, '<!doctype html><html lang="en" data-prerendered><h1>Rebuilt</h1></html>');
    expect((await t.app.inject({ url: '/' })).body).toContain('<h1>Rebuilt</h1>');
    writeHomePages();
  });

  it('never serves the prerendered files themselves, which still hold the placeholder', async () => {
    const res = await t.app.inject({ url: '/prerendered/home.en.html' });
    expect(res.body).not.toContain(yearPlaceholder);
    expect(res.body).toContain('<title>Secure Vault</title>');
  });

  it('has /about beside it, prerendered the same way, in the language of the cookie', async () => {
    const english = await t.app.inject({ url: '/about' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<h1>Guardians since 1999</h1>');
    expect(english.body).not.toContain(yearPlaceholder);
    const arabic = await t.app.inject({ url: '/about', cookies: { language: 'ar' } });
    expect(arabic.body).toContain('<h1>حُرّاس منذ 1999</h1>');
  });

  it('falls back to the app when the build has no prerendered page', async () => {
    rmSync(path.join(dist, 'prerendered'), { recursive: true });
    for (const url of ['/', '/about']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Secure Vault</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    writeHomePages();
  });
});

describe('source maps', () => {
  it.each([
    '/assets/app-abc123.js.map',
    '/assets/app-abc123.js.map.br',
    '/assets/app-abc123.js.map.gz',
    '/assets/app-abc123.js.MAP',
  ])('are not served by default: %s is a plain 404', async (url) => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      const res = await t.app.inject({
        url,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect([res.statusCode, res.body], `${url} ${encoding}`).toEqual([404, 'Not found.']);
    }
  });

  it('are not reached by another spelling of the path', async () => {
    for (const url of [
      '/assets/app-abc123.js.%6Dap',
      '/assets/app-abc123.js%2Emap',
      '/assets//app-abc123.js.map',
      '/assets/./app-abc123.js.map',
      '/assets/app-abc123.js.map/',
      '/assets/app-abc123.js.map?v=1',
    ]) {
      for (const encoding of ['identity', 'br', 'gzip']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        const sent = res.headers['content-encoding'];
        const body =
          sent === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : sent === 'gzip'
              ? gunzipSync(res.rawPayload)
              : res.rawPayload;
        expect(body.toString(), `${url} ${encoding}`).not.toContain('sourcesContent');
      }
    }
  });

  it('are served when SERVE_SOURCE_MAPS=true', async () => {
    const withMaps = await createTestApp({ env: { WEB_DIST: dist, SERVE_SOURCE_MAPS: 'true' } });
    try {
      const res = await withMaps.app.inject({ url: '/assets/app-abc123.js.map' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('sourcesContent');
    } finally {
      await withMaps.close();
    }
  });
});

describe('a build beside a running server', () => {
  it('keeps serving the build it started with when dist moves to the next one', async () => {
    // dist is a link to a build folder (apps/web/scripts/build.ts); the next build fills a
    // folder of its own and moves the link to it, here half-written: no index.html yet.
    const root = mkdtempSync(path.join(os.tmpdir(), 'sv-builds-'));
    const first = path.join(root, 'first');
    const next = path.join(root, 'next');
    mkdirSync(path.join(first, 'assets'), { recursive: true });
    writeFileSync(
      path.join(first, 'index.html'),
      '<!doctype html><html><head><title>First build</title></head><body></body></html>',
    );
    writeFileSync(path.join(first, 'assets', 'app-first.js'), 'console.log("first")');
    mkdirSync(path.join(next, 'assets'), { recursive: true });
    const link = path.join(root, 'dist');
    symlinkSync(first, link);
    const running = await createTestApp({ env: { WEB_DIST: link } });
    try {
      rmSync(link);
      symlinkSync(next, link);
      for (const url of ['/dashboard', '/assets/app-first.js']) {
        const res = await running.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
      }
      expect((await running.app.inject({ url: '/vault' })).body).toContain('First build');
    } finally {
      await running.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
