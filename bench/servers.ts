// Child processes for the benchmark: the real server (apps/server/src/main.ts) and the bare
// Fastify baseline, each on a free port, stopped with SIGTERM. The server's process count is
// always set (WEB_CONCURRENCY), never left to the production default, so each figure says what
// it measured; `cpuProfileDir` makes every server process write a V8 CPU profile on exit.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The process launched (with workers, the primary that forked them). */
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function launch(
  script: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function waitUntil(
  isReady: () => Promise<boolean>,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if (await isReady().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready after 60 s:\n${output()}`);
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
}

/** The real server on PostgreSQL (`databaseUrl`) or PGlite in `dataDir`. */
export async function startServer(options: {
  databaseUrl?: string;
  dataDir: string;
  /** WEB_CONCURRENCY: server processes on the port (PGlite: 1). */
  workers: number;
  cpuProfileDir?: string | undefined;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = launch('apps/server/src/main.ts', {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATABASE_URL: options.databaseUrl ?? '',
    DATA_DIR: options.dataDir,
    DATA_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(options.workers),
    NODE_OPTIONS: options.cpuProfileDir ? `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}` : '',
    WEB_DIST: path.join(options.dataDir, 'no-web'),
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    // Production requires a mail server. Trades and summaries send no mail; a transfer's emails,
    // sent after its answer, find nothing listening on this port and are logged as failed.
    MAIL_URL: 'smtp://127.0.0.1:9',
  });
  await waitUntil(async () => (await fetch(`${url}/api/ready`)).ok, child, output);
  return { url, pid: child.pid as number, stop: stopper(child) };
}

export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = launch('bench/bare-server.ts', { PORT: String(port) });
  await waitUntil(async () => (await fetch(url)).ok, child, output);
  return { url, pid: child.pid as number, stop: stopper(child) };
}
