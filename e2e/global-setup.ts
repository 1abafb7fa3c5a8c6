// Starts a real Secure Vault server on a free port with a fresh temporary data folder, and
// stops it afterwards. The web app must be built first (`npm test` does that).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { secondStaff } from './support/auth.ts';
import { chromiumPath } from './support/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready at ${url}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!chromiumPath()) {
    const message =
      "E2E: no Chromium found (install Debian's chromium or set CHROMIUM_PATH). The e2e suite is SKIPPED.";
    if (process.env.CI === 'true') throw new Error(`${message} On CI this is a failure.`);
    console.warn(`\n${'!'.repeat(80)}\n${message}\n${'!'.repeat(80)}\n`);
    process.env.E2E_SKIP = '1';
    return async () => {};
  }
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('E2E: the web app is not built. Run `npm run build` first.');
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-e2e-'));
  const baseURL = `http://localhost:${port}`;
  // Dual control (DESIGN §4): a change of value needs a second staff member, made as a
  // deployment would make one, with the admin command, before the server takes the data folder.
  const created = spawnSync(
    process.execPath,
    [
      'apps/server/src/cli/admin.ts',
      'create',
      '--email',
      secondStaff.email,
      '--password',
      secondStaff.password,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`E2E: the second staff member: ${created.stderr}`);
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIL_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ADMIN_EMAIL: 'staff@securevault.example',
      ADMIN_PASSWORD: 'staff-password-e2e',
      STAFF_2FA: 'optional',
      // Each test browses from its own address (fixtures.ts), so per-address limits stay per test:
      // the browsers connect over loopback, which is trusted as the proxy, so each request's
      // X-Forwarded-For names its client.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(baseURL, child);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
