// The metrics port (METRICS_PORT, on METRICS_HOST, 127.0.0.1 by default): GET /metrics and
// nothing else, apart from the public port, so the figures reach the scraper on the private
// network and never a visitor. Started by the process that answers for all: the only process, or
// the primary of several (which gathers its workers' figures).
import { createServer, type Server } from 'node:http';
import type { Logger } from '../logger.ts';
import { clusterMetrics, metricsContentType, processMetrics } from './metrics.ts';

export async function startMetricsServer(options: {
  port: number;
  host: string;
  logger: Logger;
  /** The primary of several processes: gather the workers' figures. */
  ofCluster: boolean;
}): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    (options.ofCluster ? clusterMetrics() : processMetrics()).then(
      (text) => response.writeHead(200, { 'content-type': metricsContentType }).end(text),
      (err: unknown) => {
        options.logger.error({ err }, 'metrics could not be gathered');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  server.unref();
  return server;
}
