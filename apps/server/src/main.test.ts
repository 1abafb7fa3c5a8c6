// Start-up and shutdown of the real process on PGlite: a bad setting stops it with a clear
// message, and SIGTERM lets it finish and exit cleanly. Several processes: cluster.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIL_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits up to 20 s for the server on `port` to answer /api/ready. */
async function ready(port: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    const isReady = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (isReady) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('the server process', () => {
  it('refuses to start on a bad setting, naming it', async () => {
    const server = start({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
  });

  it('refuses several processes on the embedded database, which one process owns', async () => {
    const server = start({ WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_CONCURRENCY: more than 1 needs DATABASE_URL');
  });

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect(await ready(port)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('stops on SIGTERM once whoever read its output has gone', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect(await ready(port)).toBe(true);
    // The reader of its stdout and stderr goes away, as when the shell that started it exits:
    // each line it logs from now on meets a closed pipe (EPIPE).
    server.child.stdout.destroy();
    server.child.stderr.destroy();
    for (let i = 0; i < 5; i++) await fetch(`http://127.0.0.1:${port}/api/health`);
    const sent = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    if (code === 'still running') server.child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(Date.now() - sent).toBeLessThan(20_000);
  }, 40_000);

  it('drains on SIGTERM: readiness turns 503 while it serves, and a request in flight is answered', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: '1500' });
    expect(await ready(port)).toBe(true);

    // A sign-in whose body has only half arrived when the stop begins.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        'POST /api/v1/auth/sign-in HTTP/1.1',
        `host: 127.0.0.1:${port}`,
        `origin: http://localhost:${port}`,
        'x-requested-with: secure-vault',
        'content-type: application/json',
        `content-length: ${Buffer.byteLength(body)}`,
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const sent = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Out of rotation at once, yet still serving, each answer closing its connection.
    const readiness = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(readiness.status).toBe(503);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');

    // Past the drain the server no longer accepts, but the half-sent request is still answered.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // Written, not ended: a client that half-closes gets no answer from Node's server.
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(await server.exited).toBe(0);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1500);
  }, 40_000);
});
