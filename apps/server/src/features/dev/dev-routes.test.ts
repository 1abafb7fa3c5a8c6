// The development routes (mailbox, running due jobs) answer only a client on this machine; to
// anyone else on the network they do not exist, whatever headers they send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});

const mailbox = '/api/v1/dev/mailbox?to=someone%40example.com';
const runJobs = { at: '2020-01-01T00:00:00.000Z' };

function getMailbox(app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url: mailbox, remoteAddress, headers });
}

function postRunJobs(app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/dev/run-jobs',
    remoteAddress,
    headers: { ...jsonHeaders, ...headers },
    payload: JSON.stringify(runJobs),
  });
}

/** What a caller sees: status, body and the headers that could tell two 404s apart. */
function seen(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  return {
    status: res.statusCode,
    body: res.body,
    type: res.headers['content-type'],
    cache: res.headers['cache-control'],
  };
}

describe('development routes', () => {
  it.each(['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1'])('answer %s', async (address) => {
    const box = await getMailbox(t, address);
    expect([box.statusCode, box.json()]).toEqual([200, []]);
    const ran = await postRunJobs(t, address);
    expect([ran.statusCode, ran.json()]).toEqual([200, { ran: 0 }]);
  });

  it.each([
    '10.1.2.3',
    '192.168.0.20',
    '203.0.113.9',
    '::ffff:10.0.0.1',
    '2001:db8::1',
    '128.0.0.1',
  ])('do not exist for %s', async (address) => {
    const missingGet = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/nothing-here?to=x',
      remoteAddress: address,
    });
    const missingPost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/nothing-here',
      remoteAddress: address,
    });
    expect(missingGet.statusCode).toBe(404);
    expect(seen(await getMailbox(t, address))).toEqual(seen(missingGet));
    expect(seen(await postRunJobs(t, address))).toEqual(seen(missingPost));
    // Not even the CSRF rule shows that something is there.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/run-jobs',
      remoteAddress: address,
    });
    expect(seen(bare)).toEqual(seen(missingPost));
  });

  it('ignore X-Forwarded-For when no proxy is trusted', async () => {
    const forged = { 'x-forwarded-for': '127.0.0.1' };
    expect((await getMailbox(t, '10.1.2.3', forged)).statusCode).toBe(404);
    expect((await postRunJobs(t, '10.1.2.3', forged)).statusCode).toBe(404);
  });

  it('behind a trusted proxy on this machine, answer only clients on this machine', async () => {
    // TRUST_PROXY=1: the proxy connects from 127.0.0.1 and names the client last.
    const remote = { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' };
    expect((await getMailbox(behindProxy, '127.0.0.1', remote)).statusCode).toBe(404);
    expect((await postRunJobs(behindProxy, '127.0.0.1', remote)).statusCode).toBe(404);
    const local = { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' };
    expect((await getMailbox(behindProxy, '127.0.0.1', local)).statusCode).toBe(200);
  });
});
