// The real server (apps/server/src/main.ts) as a child process on 127.0.0.1, for tests that kill
// it (kill -9) or watch it survive what the database does to it: start and wait until ready, kill
// or stop, and a plain HTTP client with its own keep-alive connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Node 24 from the root devDependency: the machine's own node may be 20, which cannot run the
 * server's .ts files. Falls back to whatever runs the tests.
 */
function nodeBinary(): string {
  const pinned = path.join(root, 'node_modules/node/bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

// Children still running when the test process exits (a crashed worker, a forgotten afterAll)
// are killed with it, so no server outlives its test.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Abandon the request (rejecting) after this long; default 15 s. */
  timeoutMs?: number;
}

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  /** The last 16 KB the process printed, for failure messages. */
  output(): string;
  isRunning(): boolean;
  /** Sends a request to this process; rejects when the connection fails (a crash, a refusal). */
  request(request: HttpRequest): Promise<HttpAnswer>;
  /** SIGKILL (the signal is sent before this returns its promise), resolved once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Environment of the server (DATABASE_URL, DATA_DIR, …); PORT, HOST and APP_URL are set here. */
  env: Record<string, string>;
  /** Listen on this port (a restart on the same address); default a free one. */
  port?: number | undefined;
  readyTimeoutMs?: number | undefined;
}

/** Starts the server and resolves once GET /api/ready answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // Only what the server needs: the test process's own variables (NODE_ENV=test, VITEST_*,
  // TEST_DATABASE_URL) must not change how it runs.
  const child = spawn(nodeBinary(), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = once(child, 'exit').then(() => {
    running.delete(child);
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  // Its own sockets: keep-alive connections to a killed process must not be reused by the next.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  const request = ({ method, path: target, headers = {}, body, timeoutMs = 15_000 }: HttpRequest) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: target,
          agent,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });

  const kill = () => {
    if (isRunning()) child.kill('SIGKILL');
    agent.destroy();
    return exited;
  };

  const server: ServerProcess = {
    port,
    url,
    output: () => output,
    isRunning,
    request,
    kill,
    async stop() {
      if (isRunning()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      agent.destroy();
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (!isRunning()) {
      await exited;
      throw new Error(`the server exited before it was ready:\n${output}`);
    }
    const ready = await request({ method: 'GET', path: '/api/ready', timeoutMs: 2000 }).catch(
      () => undefined,
    );
    if (ready?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill();
  throw new Error(`the server was not ready within the time allowed:\n${output}`);
}
