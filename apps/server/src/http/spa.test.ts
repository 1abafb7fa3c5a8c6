import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'sv-dist-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Secure Vault</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each(['/', '/about', '/dashboard', '/metal-calculator/au', '/no/such/page'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Secure Vault</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

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
