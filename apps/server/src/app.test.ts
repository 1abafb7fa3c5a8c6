import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, jsonHeaders, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers /api/health and /api/ready', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts or styles, HSTS, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-hashes');
    // An API answer is never a page: styles from our origin only, no nonce to allow any
    // <style> element (pages get one per answer: spa.test.ts).
    expect(csp).toMatch(/(^|;)style-src 'self'(;|$)/);
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("frame-ancestors 'none'");
    // frame-ancestors replaces it; sending both only invites them to disagree.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('gives API answers, built once, every header a page gets, with the same policy but the nonce', async () => {
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) =>
            /^(content-security-policy|strict-transport-security|referrer-policy|cross-origin|origin-agent|x-)/.test(
              name,
            ) && !['x-request-id'].includes(name),
        ),
      );
    const api = security((await t.app.inject({ url: '/api/v1/prices' })).headers);
    const page = security((await t.app.inject({ url: '/what-we-do' })).headers);
    expect(Object.keys(api).sort()).toEqual(Object.keys(page).sort());
    expect(String(page['content-security-policy']).replace(/ 'nonce-[^']+'/, '')).toBe(
      api['content-security-policy'],
    );
    expect({ ...api, 'content-security-policy': null }).toEqual({
      ...page,
      'content-security-policy': null,
    });
  });
});

describe('state-changing requests', () => {
  const body = JSON.stringify({
    fullName: 'Ali',
    email: 'a@example.com',
    phone: '0501234567',
    enquiry: 'Hello, world!',
  });

  it('are refused without the application header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });

  it('are refused when the body is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: {
        'x-requested-with': 'secure-vault',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'fullName=Ali',
    });
    expect(res.statusCode).toBe(403);
  });

  it('are refused from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { ...jsonHeaders, origin: 'https://evil.example' },
      body,
    });
    expect(res.statusCode).toBe(403);
  });

  it('answer malformed JSON with a 400 error body, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: jsonHeaders,
      body: '{"fullName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('unknown API paths', () => {
  it('get the JSON 404 body', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
});

describe('OpenAPI', () => {
  it('is a valid OpenAPI 3 document listing the contact route', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/contact'].post).toBeDefined();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('serves the docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
