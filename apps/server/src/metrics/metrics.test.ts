// What Prometheus scrapes from METRICS_PORT (metrics/server.ts): requests by route and status,
// movements and refusals, the job and mail queues, the pool and the sockets — and that the
// public port serves none of it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createCustomer } from '../test/customers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { trade } from '../test/trading.ts';
import { startMetricsServer } from './server.ts';

let t: TestApp;
let metrics: Server;
let scrapeUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  metrics = await startMetricsServer({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
    ofCluster: false,
  });
  scrapeUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
});
afterAll(async () => {
  await new Promise((resolve) => metrics.close(resolve));
  await t.close();
});

/** The value of one sample line (`name{labels} value`), 0 when there is none yet. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

async function scrape(): Promise<string> {
  const res = await fetch(scrapeUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

describe('the metrics port', () => {
  it('counts requests by route pattern and status, movements by function, refusals by code', async () => {
    const before = await scrape();
    const customer = await createCustomer(t, { cash: '100' });
    expect((await trade(t, customer, { side: 'buy', asset: 'AU', total: '10' })).statusCode).toBe(
      201,
    );
    const refused = await trade(t, customer, { side: 'buy', asset: 'AU', total: '1000' });
    expect(refused.statusCode).toBe(422);
    const after = await scrape();

    const requests = (status: number) =>
      `sv_http_request_duration_seconds_count{method="POST",route="/api/v1/trades",status="${status}"}`;
    expect(sample(after, requests(201)) - sample(before, requests(201))).toBe(1);
    expect(sample(after, requests(422)) - sample(before, requests(422))).toBe(1);
    const trades = 'sv_ledger_movements_total{function="ledger_trade"}';
    expect(sample(after, trades) - sample(before, trades)).toBe(1);
    const short = 'sv_ledger_refusals_total{code="INSUFFICIENT_CASH"}';
    expect(sample(after, short) - sample(before, short)).toBe(1);
  });

  it('reads the job and mail queues and the sockets, with Node’s own figures', async () => {
    const text = await scrape();
    for (const name of [
      'sv_jobs_due',
      'sv_jobs_lag_seconds',
      'sv_mail_queue_pending',
      'sv_mail_queue_given_up',
      'sv_mail_queue_lag_seconds',
      'sv_realtime_sockets',
      'sv_process_cpu_seconds_total',
      'sv_nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
  });

  it('answers nothing else', async () => {
    const res = await fetch(scrapeUrl.replace('/metrics', '/api/health'));
    expect(res.status).toBe(404);
  });

  it('is not served on the public port', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).not.toContain('sv_http_request_duration_seconds');
  });
});
