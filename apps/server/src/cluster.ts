// WEB_CONCURRENCY > 1 (PostgreSQL only): this process, the primary, forks that many workers that
// each run the server on the same port (node:cluster accepts connections and hands them out in
// turn), replaces a worker that dies, and stops them all on SIGTERM/SIGINT. main.ts has migrated
// the database before; sessions, limits, idempotency and realtime live in PostgreSQL (DESIGN §8).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';

/** A worker that dies sooner than this after it was forked has failed to start. */
const startupMs = 10_000;
/**
 * This many failed starts within startupMs stop the server with exit code 1: whatever killed
 * them (the port taken, the database refusing) would kill every replacement the same way.
 */
const maxFailedStarts = 3;
/**
 * Workers end themselves within their drain and 15 s more of SIGTERM (main.ts); any still
 * running this long after their drain are killed.
 */
const shutdownTimeoutMs = 20_000;

export interface WorkerOptions {
  count: number;
  logger: Logger;
  /** Logged once every worker is listening. */
  appUrl: string;
  /** How long each worker drains before it stops (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
}

export function runWorkers({ count, logger, appUrl, drainMs }: WorkerOptions): void {
  /** Running workers, with when each was forked. */
  const forkedAt = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let failedStarts: number[] = [];
  let hasStarted = false;
  let isStopping = false;
  let exitCode = 0;

  const fork = () => forkedAt.set(cluster.fork(), Date.now());

  function stop(reason: string): void {
    if (isStopping) return;
    isStopping = true;
    logger.info({ reason, workers: forkedAt.size }, 'shutting down');
    for (const worker of forkedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of forkedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, drainMs + shutdownTimeoutMs).unref();
    if (forkedAt.size === 0) process.exit(exitCode);
  }

  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (!hasStarted && listening.size === count) {
      hasStarted = true;
      logger.info({ processes: count }, `Secure Vault is running at ${appUrl}`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const startedAt = forkedAt.get(worker) ?? 0;
    forkedAt.delete(worker);
    listening.delete(worker);
    const pid = worker.process.pid;
    if (isStopping) {
      // A worker still starting has no handler yet, and the SIGTERM sent ends it: nothing lost.
      if (code !== 0 && signal !== 'SIGTERM') {
        logger.error({ worker: pid, code, signal }, 'worker process did not stop cleanly');
        exitCode = 1;
      }
      if (forkedAt.size === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    if (now - startedAt < startupMs) {
      failedStarts = [...failedStarts.filter((at) => now - at < startupMs), now];
    }
    if (failedStarts.length >= maxFailedStarts) {
      logger.fatal(
        { worker: pid, code, signal },
        'worker processes keep dying at start-up (their error is above); stopping',
      );
      exitCode = 1;
      stop('start-up failures');
      return;
    }
    logger.error({ worker: pid, code, signal }, 'worker process died; starting another');
    fork();
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let index = 0; index < count; index += 1) fork();
}
