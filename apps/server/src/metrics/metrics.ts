// What the server tells Prometheus (README "Metrics"): request latency per route and status,
// ledger movements per function and refusals per code, the job queue's depth and lag, the mail
// queue's depth, lag and failures, the database pool and the realtime sockets, with Node's own
// process figures. Served only on METRICS_PORT (metrics/server.ts), never on the public port. With
// several processes the primary answers for all of them (prom-client's AggregatorRegistry): the
// per-process figures are summed, the figures read from the database (the same for every
// process) are taken once.
import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

const prefix = 'sv_';

client.collectDefaultMetrics({ prefix });
// Made at load in every process: it is what makes a worker answer its primary's requests for
// figures (and the primary listen for the answers).
const aggregator = new client.AggregatorRegistry();

const httpDuration = new client.Histogram({
  name: `${prefix}http_request_duration_seconds`,
  help: 'Time to answer a request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const movements = new client.Counter({
  name: `${prefix}ledger_movements_total`,
  help: 'Ledger function calls that committed, by function.',
  labelNames: ['function'] as const,
});

const refusals = new client.Counter({
  name: `${prefix}ledger_refusals_total`,
  help: 'Movements the ledger refused, by error code (INSUFFICIENT_CASH, …).',
  labelNames: ['code'] as const,
});

const mailAttempts = new client.Counter({
  name: `${prefix}mail_attempts_total`,
  help: 'Attempts to send a kept mail, by outcome: sent, retry (kept for later), given_up.',
  labelNames: ['outcome'] as const,
});

/** What the gauges read: set by the serving process (bindMetrics). */
let sources: { database: Database; clock: Clock; sockets: () => number } | undefined;

export function bindMetrics(next: NonNullable<typeof sources>): void {
  sources = next;
}

interface QueueFigures {
  jobs_due: number;
  jobs_lag: number;
  mail_pending: number;
  mail_given_up: number;
  mail_lag: number;
}

/** One statement per scrape for every figure read from the database. */
let reading: { at: number; figures: Promise<QueueFigures | undefined> } | undefined;
function queueFigures(): Promise<QueueFigures | undefined> {
  const now = Date.now();
  if (reading && now - reading.at < 1000) return reading.figures;
  const read = async (): Promise<QueueFigures | undefined> => {
    if (!sources) return undefined;
    const at = sources.clock.now().toISOString();
    const result: unknown = await sources.database.db.execute(sql`
      select
        (select count(*) from jobs where done_at is null and run_at <= ${at}::timestamptz)::int as jobs_due,
        coalesce((select extract(epoch from ${at}::timestamptz - min(run_at)) from jobs
          where done_at is null and run_at <= ${at}::timestamptz), 0)::float8 as jobs_lag,
        (select count(*) from mail_queue where sent_at is null and given_up_at is null)::int as mail_pending,
        (select count(*) from mail_queue where given_up_at is not null)::int as mail_given_up,
        coalesce((select extract(epoch from ${at}::timestamptz - min(created_at)) from mail_queue
          where sent_at is null and given_up_at is null), 0)::float8 as mail_lag`);
    const [row] = rowsOf<QueueFigures>(result);
    return row;
  };
  reading = { at: now, figures: read().catch(() => undefined) };
  return reading.figures;
}

function queueGauge(name: string, help: string, figure: keyof QueueFigures): void {
  new client.Gauge({
    name: `${prefix}${name}`,
    help,
    // Every process reads the same rows: the primary keeps one process's figure, not their sum.
    aggregator: 'max',
    async collect() {
      const figures = await queueFigures();
      if (figures) this.set(Number(figures[figure]));
    },
  });
}

queueGauge('jobs_due', 'Jobs due and not yet done.', 'jobs_due');
queueGauge('jobs_lag_seconds', 'How long the oldest due job has waited.', 'jobs_lag');
queueGauge(
  'mail_queue_pending',
  'Kept mail not yet sent (waiting or being retried).',
  'mail_pending',
);
queueGauge(
  'mail_queue_given_up',
  'Kept mail given up: refused for good or failing every attempt.',
  'mail_given_up',
);
queueGauge('mail_queue_lag_seconds', 'How long the oldest unsent mail has waited.', 'mail_lag');

new client.Gauge({
  name: `${prefix}db_pool_connections`,
  help: 'PostgreSQL pool connections by state: in_use, idle, waiting (requests queued for one).',
  labelNames: ['state'] as const,
  collect() {
    const pool = sources?.database.pool();
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.total - pool.idle);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});

new client.Gauge({
  name: `${prefix}realtime_sockets`,
  help: 'Open realtime sockets.',
  collect() {
    if (sources) this.set(sources.sockets());
  },
});

/** Each answer's time, by its route's pattern (never the raw path: ids would explode the labels). */
export function measureRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** A ledger function call that committed: `ledger_trade(…)` counts as ledger_trade. */
export function countMovement(callKey: string): void {
  movements.inc({ function: callKey.split('(')[0] ?? callKey });
}

export function countRefusal(code: string): void {
  refusals.inc({ code });
}

export function countMailAttempt(outcome: 'sent' | 'retry' | 'given_up'): void {
  mailAttempts.inc({ outcome });
}

/** This process's figures in Prometheus' text format. */
export function processMetrics(): Promise<string> {
  return client.register.metrics();
}

/** Every process's figures, asked for by the primary of a cluster. */
export function clusterMetrics(): Promise<string> {
  return aggregator.clusterMetrics();
}

export const metricsContentType = client.register.contentType;
