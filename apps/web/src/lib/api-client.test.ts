import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends the CSRF header and JSON on state changes, under /api/v1', async () => {
    const fetchMock = stubFetch(201, { id: 'x' });
    await expect(api.post('/contact', { a: 1 })).resolves.toEqual({ id: 'x' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/contact');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-requested-with']).toBe('secure-vault');
    expect(headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no CSRF header on reads', async () => {
    const fetchMock = stubFetch(200, []);
    await api.get('/dev/mailbox?to=a@b.c');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-requested-with']).toBeUndefined();
  });

  it('turns an error body into an ApiError with the server code and issues', async () => {
    stubFetch(400, {
      error: {
        code: 'VALIDATION',
        message: 'bad',
        issues: [{ path: 'body.email', message: 'contact:errors.email' }],
      },
    });
    const error = await api.post('/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      issues: [{ path: 'body.email' }],
    });
  });

  it('reports an unreachable server as UNAVAILABLE', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 0 });
  });
});
