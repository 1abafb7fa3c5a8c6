import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract } from '@secure-vault/shared/contract';
import { noContent } from '@secure-vault/shared/contract-schemas';
import { ApiError, apiUrl, callApi } from './api-client';

afterEach(() => vi.unstubAllGlobals());

// Small operations of each shape the client handles; their paths need not exist on the server.
const getThing = defineContract({
  method: 'GET',
  path: '/api/v1/things/:id',
  access: 'user',
  tag: 'test',
  summary: 'One thing',
  params: z.strictObject({ id: z.string() }),
  query: z.strictObject({ view: z.string().optional(), tags: z.array(z.string()).optional() }),
  status: 200,
  response: z.object({ id: z.string() }),
  errors: ['NOT_FOUND'],
});

const sendMessage = defineContract({
  method: 'POST',
  path: '/api/v1/messages',
  access: 'public',
  tag: 'test',
  summary: 'Send a message',
  body: z.strictObject({ text: z.string() }),
  status: 201,
  response: z.object({ id: z.string() }),
  errors: [],
});

const payThing = defineContract({
  method: 'POST',
  path: '/api/v1/payments',
  access: 'user',
  tag: 'test',
  summary: 'Pay',
  body: z.strictObject({ amount: z.string() }),
  status: 201,
  response: z.object({ id: z.string() }),
  errors: [],
  idempotent: true,
});

const removeThing = defineContract({
  method: 'DELETE',
  path: '/api/v1/things/:id',
  access: 'user',
  tag: 'test',
  summary: 'Remove a thing',
  params: z.strictObject({ id: z.string() }),
  status: 204,
  response: noContent,
  errors: ['NOT_FOUND'],
});

function stubFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init = {}] = fetchMock.mock.calls[0]!;
  return { url, init, headers: init.headers as Record<string, string> };
}

describe('api client', () => {
  it('fills in path parameters, each encoded as one segment, and the query string', async () => {
    const fetchMock = stubFetch(200, { id: 'a/b c' });
    await expect(
      callApi(getThing, { params: { id: 'a/b c' }, query: { view: 'full', tags: ['x', 'y'] } }),
    ).resolves.toEqual({ id: 'a/b c' });
    expect(sent(fetchMock).url).toBe('/api/v1/things/a%2Fb%20c?view=full&tags=x&tags=y');
  });

  it('builds links with apiUrl, leaving out empty query values', () => {
    expect(apiUrl(getThing, { params: { id: '7' }, query: { view: undefined } })).toBe(
      '/api/v1/things/7',
    );
    expect(apiUrl(getThing, { params: { id: '7' }, query: { view: 'a&b' } })).toBe(
      '/api/v1/things/7?view=a%26b',
    );
  });

  it('sends the CSRF header and JSON on state changes', async () => {
    const fetchMock = stubFetch(201, { id: 'x' });
    await expect(callApi(sendMessage, { body: { text: 'hi' } })).resolves.toEqual({ id: 'x' });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/v1/messages');
    expect(init.method).toBe('POST');
    expect(headers['x-requested-with']).toBe('secure-vault');
    expect(headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"text":"hi"}');
  });

  it('sends no CSRF header on reads', async () => {
    const fetchMock = stubFetch(200, { id: '1' });
    await callApi(getThing, { params: { id: '1' } });
    const { init, headers } = sent(fetchMock);
    expect(init.method).toBe('GET');
    expect(headers['x-requested-with']).toBeUndefined();
  });

  it('sends the Idempotency-Key of a money-moving operation', async () => {
    const fetchMock = stubFetch(201, { id: 'p' });
    await callApi(payThing, { body: { amount: '1.00' }, idempotencyKey: 'key-1' });
    expect(sent(fetchMock).headers['idempotency-key']).toBe('key-1');
  });

  it('resolves a 204 without reading a body', async () => {
    const fetchMock = stubFetch(204);
    await expect(callApi(removeThing, { params: { id: '1' } })).resolves.toBeUndefined();
    const { url, init, headers } = sent(fetchMock);
    expect([init.method, url]).toEqual(['DELETE', '/api/v1/things/1']);
    expect(headers['x-requested-with']).toBe('secure-vault');
  });

  it('turns an error body into an ApiError with the server code and issues', async () => {
    stubFetch(400, {
      error: {
        code: 'VALIDATION',
        message: 'bad',
        issues: [{ path: 'body.text', message: 'contact:errors.enquiry' }],
      },
    });
    const error = await callApi(sendMessage, { body: { text: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'bad',
      issues: [{ path: 'body.text' }],
    });
  });

  it('reports an unreachable server as UNAVAILABLE', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(getThing, { params: { id: '1' } })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 0,
    });
  });
});
