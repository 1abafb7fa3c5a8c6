import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI for accounts and security', () => {
  it('lists every auth and admin route, and stays a valid document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const expected: [string, string][] = [
      ['/api/v1/auth/sign-up', 'post'],
      ['/api/v1/auth/sign-up/resend', 'post'],
      ['/api/v1/auth/sign-up/verify', 'post'],
      ['/api/v1/auth/sign-in', 'post'],
      ['/api/v1/auth/sign-out', 'post'],
      ['/api/v1/auth/session', 'get'],
      ['/api/v1/auth/current-session', 'get'],
      ['/api/v1/auth/password-reset', 'post'],
      ['/api/v1/auth/password-reset/check', 'post'],
      ['/api/v1/auth/password-reset/complete', 'post'],
      ['/api/v1/auth/password', 'post'],
      ['/api/v1/auth/sessions', 'get'],
      ['/api/v1/auth/sessions/{id}', 'delete'],
      ['/api/v1/auth/sessions/revoke-others', 'post'],
      ['/api/v1/auth/totp/setup', 'post'],
      ['/api/v1/auth/totp/enable', 'post'],
      ['/api/v1/auth/totp/disable', 'post'],
      ['/api/v1/auth/impersonation/complete', 'post'],
      ['/api/v1/auth/impersonation/end', 'post'],
      ['/api/v1/admin/users/{id}/reset-password', 'post'],
      ['/api/v1/admin/users/{id}/impersonate', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/v1/auth/sign-in'].post.responses)).toEqual(
      expect.arrayContaining(['200', '401', '429']),
    );
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
  });
});
