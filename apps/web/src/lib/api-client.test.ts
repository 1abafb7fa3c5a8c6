import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract } from '@secure-vault/shared/contract';
import { noContent } from '@secure-vault/shared/contract-schemas';
import { ApiError, apiUrl, callApi, uploadApi } from './api-client';

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

  it("keeps a refusal's figures, so a screen can say what is short without asking again", async () => {
    stubFetch(422, {
      error: {
        code: 'INSUFFICIENT_CASH',
        message: 'You need $115.00 but only have $100.00 in cash.',
        details: { needed: '115', balance: '100' },
      },
    });
    const error = await callApi(sendMessage, { body: { text: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_CASH',
      details: { needed: '115', balance: '100' },
    });
  });

  it('takes from a malformed error body only the parts that have their type', async () => {
    const body = {
      error: {
        code: 'VALIDATION',
        message: 7,
        issues: [{ path: 'body.text', message: 'contact:errors.enquiry' }, { path: 1 }, 'text'],
        details: { needed: '115', balance: 100 },
      },
    };
    const answer = new Response(JSON.stringify(body), { status: 400, statusText: 'Bad Request' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    const error = await callApi(sendMessage, { body: { text: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'VALIDATION',
      message: 'Bad Request',
      issues: [{ path: 'body.text', message: 'contact:errors.enquiry' }],
      details: { needed: '115' },
    });
    stubFetch(502, ['not', 'an', 'error body']);
    const unknown = await callApi(sendMessage, { body: { text: '' } }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 502, code: 'INTERNAL', issues: [], details: {} });
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

const uploadFile = defineContract({
  method: 'POST',
  path: '/api/v1/things/:id/files',
  access: 'user',
  tag: 'test',
  summary: 'Upload a file',
  params: z.strictObject({ id: z.string() }),
  multipart: true,
  status: 201,
  response: z.object({ id: z.string() }),
  errors: ['FILE_TOO_LARGE'],
});

/** A stand-in XMLHttpRequest: records what is sent, and the test decides how it ends. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  isAborted = false;
  private listeners = new Map<string, (() => void)[]>();
  private uploadListeners = new Map<string, ((event: ProgressEvent) => void)[]>();
  upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    const event = { lengthComputable: true, loaded, total } as ProgressEvent;
    for (const listener of this.uploadListeners.get('progress') ?? []) listener(event);
  }
  answer(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function stubXhr(): () => FakeXhr {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return () => {
    if (!FakeXhr.last) throw new Error('No request was opened');
    return FakeXhr.last;
  };
}

describe('uploadApi', () => {
  it('sends the form with the CSRF and language headers, no content type, and reports progress', async () => {
    const xhr = stubXhr();
    const formData = new FormData();
    formData.append('side', 'front');
    const progress: number[] = [];
    const result = uploadApi(uploadFile, {
      params: { id: 'a b' },
      formData,
      onProgress: (fraction) => progress.push(fraction),
    });
    const request = xhr();
    expect([request.method, request.url]).toEqual(['POST', '/api/v1/things/a%20b/files']);
    expect(request.headers['x-requested-with']).toBe('secure-vault');
    expect(request.headers['accept-language']).toBeDefined();
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.body).toBe(formData);
    request.progress(50, 200);
    request.progress(200, 200);
    request.answer(201, { id: 'doc-1' });
    await expect(result).resolves.toEqual({ id: 'doc-1' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('turns an error body into an ApiError with the server code', async () => {
    const xhr = stubXhr();
    const result = uploadApi(uploadFile, { params: { id: '1' }, formData: new FormData() });
    xhr().answer(413, { error: { code: 'FILE_TOO_LARGE', message: 'too big' } });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'too big' });
  });

  it('reports an answer that is not an error body as INTERNAL, and a network failure as UNAVAILABLE', async () => {
    const xhr = stubXhr();
    const broken = uploadApi(uploadFile, { params: { id: '1' }, formData: new FormData() });
    const request = xhr();
    request.statusText = 'Bad Gateway';
    request.status = 502;
    request.responseText = '<html>';
    request.emit('load');
    await expect(broken).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });

    const offline = uploadApi(uploadFile, { params: { id: '1' }, formData: new FormData() });
    xhr().emit('error');
    await expect(offline).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 0 });
  });

  it('aborts the request when the signal aborts', async () => {
    const xhr = stubXhr();
    const controller = new AbortController();
    const result = uploadApi(uploadFile, {
      params: { id: '1' },
      formData: new FormData(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr().isAborted).toBe(true);
  });
});
