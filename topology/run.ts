// `npm run topology` (as root): Secure Vault in its production shape on this machine, under load
// and under trouble. Three servers (2 processes each) on three hosts (network namespaces) behind
// HAProxy; PgBouncer in transaction pooling mode in front of the machine's PostgreSQL; an SMTP
// server. While customers sign in, trade, transfer and listen on realtime sockets through the
// balancer, one server is killed (SIGKILL), each is restarted in turn (SIGTERM: a rolling
// restart), and the mail server goes down for a while. Then it checks, and prints:
//   acknowledged money movements lost 0, applied twice 0; failed requests during the rolling
//   restart 0; realtime notices that crossed servers; every mail delivered exactly once; each
//   maturity run once; `check:ledger` clean.
// `--short` (CI) runs the same with less load and shorter troubles. Exit code 0 when every figure
// holds, 1 when one does not, 2 when the run could not be set up.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { seedTransferParties, type TransferParty } from '../bench/seed.ts';
import { createAccount } from '../apps/server/src/auth/accounts.ts';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  type Child,
  ensurePackages,
  freePort,
  type Host,
  hostsFor,
  makeHosts,
  type MailSink,
  removeHosts,
  signalGroup,
  startChild,
  startHaproxy,
  startMailSink,
  startPgBouncer,
} from './hosts.ts';
import { type Cut, mailFiguresOf, type QueuedRow } from './mail-copies.ts';

const isShort = process.argv.includes('--short');
const plan = isShort
  ? { senders: 12, receivers: 4, workers: 6, warmMs: 3000, outageMs: 10_000, afterMs: 4000 }
  : { senders: 30, receivers: 8, workers: 12, warmMs: 10_000, outageMs: 60_000, afterMs: 10_000 };
/** Mail retried after an outage comes 30 s, then 60 s… after its failure (mail/mailer.ts). */
const mailWaitMs = plan.outageMs + 150_000;

/** Where the servers' mail comes from; its Message-IDs end in it (mail/mailer.ts). */
const mailDomain = 'topology.secure-vault.test';
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) =>
  console.log(`[topology ${new Date().toISOString().slice(11, 19)}] ${line}`);

// ── The servers ──────────────────────────────────────────────────────────────────────────────
interface Instance {
  host: Host;
  child: Child | null;
}

interface Setting {
  pgbouncerPort: number;
  mailPort: number;
  appUrl: string;
  dataKey: string;
  signingKey: string;
  workDir: string;
}

function startInstance(instance: Instance, setting: Setting): void {
  const { host } = instance;
  const pooled = (database: string) =>
    `postgres://postgres@${host.gateway}:${setting.pgbouncerPort}/${database}`;
  instance.child = startChild(
    'ip',
    ['netns', 'exec', host.namespace, process.execPath, 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PORT: '3000',
        WEB_CONCURRENCY: '2',
        DATABASE_URL: pooled('sv'),
        DATABASE_LISTEN_URL: pooled('sv_listen'),
        DATABASE_PREPARED_STATEMENTS: 'false',
        DATABASE_POOL_SIZE: '5',
        DATA_DIR: path.join(setting.workDir, host.name),
        DATA_KEY: setting.dataKey,
        SIGNING_KEY: setting.signingKey,
        MAIL_URL: `smtp://${host.gateway}:${setting.mailPort}`,
        MAIL_FROM: `Secure Vault <no-reply@${mailDomain}>`,
        APP_URL: setting.appUrl,
        TRUST_PROXY: host.gateway,
        SHUTDOWN_DRAIN_MS: '1500',
        JOB_INTERVAL_MS: '1000',
        LOG_LEVEL: 'warn',
      },
    },
  );
}

/** Asks HAProxy, on its stats socket, which servers it sends requests to. */
async function serversUp(statsSocket: string): Promise<Set<string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = net.connect(statsSocket, () => socket.write('show stat\n'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  const up = new Set<string>();
  for (const line of csv.split('\n')) {
    const fields = line.split(',');
    // UP once its last health check passed (HAProxy deems a server up before its first check).
    if (fields[0] === 'servers' && fields[17] === 'UP' && fields[36] === 'L7OK' && fields[1]) {
      up.add(fields[1]);
    }
  }
  return up;
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await delay(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ── The customers' load ──────────────────────────────────────────────────────────────────────
interface Movement {
  kind: 'trade' | 'transfer';
  key: string;
  /** The journal reference the acknowledgement named. */
  reference: string;
  servedBy: string;
}

interface Tally {
  requests: number;
  /** Attempts that failed (network error or 5xx), each retried with the same key. */
  failedAttempts: { at: number; status: number | string; path: string }[];
  /** Movements acknowledged (201 with their reference). */
  acknowledged: Movement[];
  /** Movements refused with a 4xx (not enough cash, a limit): nothing moved. */
  refused: number;
  /** Movements given up after every retry failed: their outcome is unknown to the customer. */
  unknown: number;
  signIns: number;
}

interface Load {
  baseUrl: string;
  senders: TransferParty[];
  receivers: TransferParty[];
  signInEmail: string;
  signInPassword: string;
  origin: string;
}

const headersFor = (load: Load, token: string | null) => ({
  'content-type': 'application/json',
  origin: load.origin,
  'x-requested-with': 'secure-vault',
  ...(token ? { cookie: `__Host-session=${token}` } : {}),
});

/** Sends a request, retrying a failed attempt with the same key as a customer's app would. */
async function send(
  load: Load,
  tally: Tally,
  request: { method: string; path: string; token: string | null; body?: unknown; key?: string },
): Promise<{ status: number; body: unknown; servedBy: string } | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    tally.requests += 1;
    try {
      const response = await fetch(`${load.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          ...headersFor(load, request.token),
          ...(request.key ? { 'idempotency-key': request.key } : {}),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status < 500) {
        return {
          status: response.status,
          body,
          servedBy: response.headers.get('x-served-by') ?? '',
        };
      }
      tally.failedAttempts.push({ at: Date.now(), status: response.status, path: request.path });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      tally.failedAttempts.push({
        at: Date.now(),
        status: (err as Error).name === 'TimeoutError' ? 'timeout' : `network ${cause ?? ''}`,
        path: request.path,
      });
    }
    await delay(250 * (attempt + 1));
  }
  return null;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

async function customerLoop(load: Load, tally: Tally, isRunning: () => boolean, ws: Sockets) {
  while (isRunning()) {
    const roll = Math.random();
    const sender = pick(load.senders);
    if (roll < 0.4) {
      const key = randomUUID();
      const answer = await send(load, tally, {
        method: 'POST',
        path: '/api/v1/trades',
        token: sender.token,
        key,
        body: { side: 'buy', asset: 'AG', total: '5' },
      });
      record(tally, answer, 'trade', key);
    } else if (roll < 0.75) {
      const key = randomUUID();
      const receiver = pick(load.receivers);
      const answer = await send(load, tally, {
        method: 'POST',
        path: '/api/v1/transfers',
        token: sender.token,
        key,
        body: {
          receiverAccountNumber: receiver.accountNumber,
          valuableId: sender.cashId,
          quantity: '1',
        },
      });
      const movement = record(tally, answer, 'transfer', key);
      if (movement) ws.expectNotice(receiver.token, movement.servedBy);
    } else if (roll < 0.97) {
      await send(load, tally, { method: 'GET', path: '/api/v1/me/account', token: sender.token });
    } else {
      const answer = await send(load, tally, {
        method: 'POST',
        path: '/api/v1/auth/sign-in',
        token: null,
        body: { email: load.signInEmail, password: load.signInPassword },
      });
      if (answer?.status === 200) tally.signIns += 1;
    }
  }
}

function record(
  tally: Tally,
  answer: { status: number; body: unknown; servedBy: string } | null,
  kind: Movement['kind'],
  key: string,
): Movement | null {
  if (!answer) {
    tally.unknown += 1;
    return null;
  }
  if (answer.status !== 201) {
    tally.refused += 1;
    return null;
  }
  // A trade's journal rows carry its reference; a transfer's, its id.
  const body = answer.body as { reference?: unknown; id?: unknown };
  const reference = kind === 'trade' ? body.reference : body.id;
  if (typeof reference !== 'string') throw new Error(`a ${kind} answered 201 without a reference`);
  const movement = { kind, key, reference, servedBy: answer.servedBy };
  tally.acknowledged.push(movement);
  return movement;
}

// ── Realtime sockets ────────────────────────────────────────────────────────────────────────
interface Sockets {
  expectNotice(token: string, servedBy: string): void;
  /** Transfers acknowledged by one server whose receiver listened on another, and heard of it. */
  crossed(): { expected: number; heard: number; dropped: number };
  close(): void;
}

function openSockets(load: Load): Sockets {
  const wsUrl = `${load.baseUrl.replace(/^http/, 'ws')}/api/v1/realtime`;
  const state = new Map<string, { servedBy: string; open: boolean; waiting: number[] }>();
  let expected = 0;
  let heard = 0;
  let dropped = 0;
  let isClosed = false;
  const sockets = new Set<WebSocket>();
  const connect = (token: string) => {
    if (isClosed) return;
    const socket = new WebSocket(wsUrl, { headers: headersFor(load, token) });
    sockets.add(socket);
    const entry = { servedBy: '', open: false, waiting: [] as number[] };
    state.set(token, entry);
    socket.on('upgrade', (response) => {
      entry.servedBy = String(response.headers['x-served-by'] ?? '');
    });
    socket.on('open', () => (entry.open = true));
    socket.on('message', () => {
      // A notice may stand for several transfers (they are sent in batches).
      heard += entry.waiting.length;
      entry.waiting = [];
    });
    const reconnect = () => {
      // Notices for a socket that closed before they came are not lost to the customer: the
      // page refetches what it shows when it reconnects.
      dropped += entry.waiting.length;
      entry.waiting = [];
      entry.open = false;
      sockets.delete(socket);
      setTimeout(() => connect(token), 500).unref();
    };
    socket.on('close', reconnect);
    socket.on('error', () => {});
  };
  for (const receiver of load.receivers) connect(receiver.token);
  return {
    expectNotice: (token, servedBy) => {
      const entry = state.get(token);
      if (!entry?.open || !entry.servedBy || entry.servedBy === servedBy) return;
      expected += 1;
      entry.waiting.push(Date.now());
    },
    crossed: () => ({ expected, heard, dropped }),
    close: () => {
      isClosed = true;
      for (const socket of sockets) socket.terminate();
    },
  };
}

// ── Maturities ──────────────────────────────────────────────────────────────────────────────
/** Fixes part of a sender's silver for a month, then brings its maturity to within the run. */
async function fixTerms(load: Load, tally: Tally, direct: pg.Client, count: number) {
  const ids: string[] = [];
  for (const sender of load.senders.slice(0, count)) {
    const bought = await send(load, tally, {
      method: 'POST',
      path: '/api/v1/trades',
      token: sender.token,
      key: randomUUID(),
      body: { side: 'buy', asset: 'AG', total: '150' },
    });
    if (bought?.status !== 201) throw new Error('could not buy silver to fix');
    const { rows } = await direct.query<{ id: string }>(
      `select v.id from valuables v join valuables cash on cash.user_id = v.user_id
        where cash.id = $1 and v.asset_symbol = 'AG' and v.status = 'active'`,
      [sender.cashId],
    );
    const holding = rows[0];
    if (!holding) throw new Error('no silver holding to fix');
    const fixed = await send(load, tally, {
      method: 'POST',
      path: '/api/v1/me/fixed-terms',
      token: sender.token,
      key: randomUUID(),
      body: { valuableId: holding.id, months: 1, quantity: '100000' },
    });
    const term = fixed?.body as { id?: string } | null;
    if (fixed?.status !== 201 || !term?.id) {
      throw new Error(`could not fix a term: ${JSON.stringify(fixed?.body)}`);
    }
    ids.push(term.id);
  }
  // Due while the servers are killed and restarted.
  await direct.query(
    `update fixed_terms set matures_at = now() + (random() * interval '20 seconds') where id = any($1)`,
    [ids],
  );
  await direct.query(
    `update jobs set run_at = t.matures_at from fixed_terms t
      where jobs.kind = 'fixed_term_maturity' and jobs.payload->>'termId' = t.id::text and t.id = any($1)`,
    [ids],
  );
  return ids;
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────
async function main(): Promise<number> {
  if (process.getuid?.() !== 0) {
    console.error('npm run topology makes network namespaces: run it as root.');
    return 2;
  }
  ensurePackages(log);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'sv-topology-'));
  execFileSync('chmod', ['755', workDir]);
  const database = `sv_topology_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const directUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
  const hosts = hostsFor(3);
  const instances: Instance[] = hosts.map((host) => ({ host, child: null }));
  let pgbouncer: Child | null = null;
  let haproxy: (Child & { statsSocket: string }) | null = null;
  let sink: MailSink | null = null;
  let sockets: Sockets | null = null;
  const direct = new pg.Client({ connectionString: directUrl });
  let isTornDown = false;
  const teardown = async () => {
    if (isTornDown) return;
    isTornDown = true;
    sockets?.close();
    for (const instance of instances) if (instance.child) signalGroup(instance.child, 'SIGKILL');
    if (haproxy) signalGroup(haproxy, 'SIGKILL');
    if (pgbouncer) signalGroup(pgbouncer, 'SIGKILL');
    await sink?.stop();
    await direct.end().catch(() => {});
    await delay(500);
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin.end();
    removeHosts();
    rmSync(workDir, { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C, a timeout), it still removes what it made.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void teardown().finally(() => process.exit(130)));
  }
  process.once('uncaughtException', (err) => {
    console.error(`The topology run failed: ${err.stack ?? String(err)}`);
    void teardown().finally(() => process.exit(1));
  });
  try {
    log(
      `making ${hosts.length} hosts, PgBouncer, HAProxy and a mail server (${isShort ? 'short run' : 'full run'})`,
    );
    makeHosts(hosts);
    const migrated = await openDatabase({ url: directUrl });
    await migrated.migrate();
    await migrated.close();
    await direct.connect();

    const pgbouncerPort = await freePort();
    pgbouncer = await startPgBouncer({
      dir: path.join(workDir, 'pgbouncer'),
      port: pgbouncerPort,
      listenOn: ['127.0.0.1', ...hosts.map((host) => host.gateway)],
      database,
    });
    sink = await startMailSink(await freePort());
    const balancerPort = await freePort();
    const appUrl = `http://127.0.0.1:${balancerPort}`;
    const { privateKey } = await import('node:crypto').then((crypto) =>
      crypto.generateKeyPairSync('ed25519'),
    );
    const setting: Setting = {
      pgbouncerPort,
      mailPort: sink.port,
      appUrl,
      dataKey: randomBytes(32).toString('hex'),
      signingKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      workDir,
    };
    for (const instance of instances) startInstance(instance, setting);
    haproxy = await startHaproxy({
      dir: path.join(workDir, 'haproxy'),
      port: balancerPort,
      servers: hosts.map((host) => ({ name: host.name, address: host.address, port: 3000 })),
    });
    const statsSocket = haproxy.statsSocket;
    await waitUntil(
      'every server up behind the balancer',
      async () => (await serversUp(statsSocket)).size === 3,
      180_000,
    );

    log('every server up; seeding customers');
    const senders = await seedTransferParties(directUrl, plan.senders, '100000');
    const receivers = await seedTransferParties(directUrl, plan.receivers, '10');
    const signInPassword = `topology-${randomBytes(6).toString('hex')}`;
    const signInEmail = `topology-${randomBytes(4).toString('hex')}@example.com`;
    const seedDb = await openDatabase({ url: directUrl });
    await createAccount(seedDb.db, {
      email: signInEmail,
      passwordHash: await hashPassword(signInPassword),
      roles: ['user'],
      now: new Date(),
    });
    await seedDb.close();

    const load: Load = {
      baseUrl: appUrl,
      senders,
      receivers,
      signInEmail,
      signInPassword,
      origin: appUrl,
    };
    const tally: Tally = {
      requests: 0,
      failedAttempts: [],
      acknowledged: [],
      refused: 0,
      unknown: 0,
      signIns: 0,
    };
    const termIds = await fixTerms(load, tally, direct, isShort ? 4 : 10);
    sockets = openSockets(load);
    await delay(1000);

    let isRunning = true;
    const cuts: Cut[] = [];
    const started = Date.now();
    const loops = Array.from({ length: plan.workers }, () =>
      customerLoop(load, tally, () => isRunning, sockets as Sockets),
    );

    // 1. A server killed outright, then started again.
    await delay(plan.warmMs);
    const killed = instances[0] as Instance;
    log(`killing ${killed.host.name} (SIGKILL)`);
    cuts.push({ what: `SIGKILL of ${killed.host.name}`, at: Date.now() });
    if (killed.child) signalGroup(killed.child, 'SIGKILL');
    await killed.child?.exited;
    await delay(2000);
    startInstance(killed, setting);
    await waitUntil(
      `${killed.host.name} back up`,
      async () => (await serversUp(statsSocket)).has(killed.host.name),
      60_000,
    );

    // 2. A rolling restart: each server in turn stops (SIGTERM) and starts again.
    const rollingFrom = Date.now();
    for (const instance of instances) {
      log(`restarting ${instance.host.name} (SIGTERM)`);
      const stopping = instance.child;
      if (stopping) signalGroup(stopping, 'SIGTERM');
      const code = await stopping?.exited;
      if (code !== 0)
        throw new Error(`${instance.host.name} stopped with ${code}:\n${stopping?.output()}`);
      startInstance(instance, setting);
      await waitUntil(
        `${instance.host.name} back up`,
        async () => (await serversUp(statsSocket)).has(instance.host.name),
        60_000,
      );
    }
    const rollingTo = Date.now();

    // 3. The mail server down for a while.
    log(`stopping the mail server for ${plan.outageMs / 1000} s`);
    cuts.push({ what: 'mail server cut', at: Date.now() });
    await sink.stop();
    await delay(plan.outageMs);
    await sink.start();
    log('mail server back');
    await delay(plan.afterMs);
    isRunning = false;
    await Promise.all(loops);
    const loadMs = Date.now() - started;

    log('waiting for mail and maturities');
    const mailSink = sink;
    await waitUntil(
      'every mail sent',
      async () => {
        const { rows } = await direct.query<{ waiting: number }>(
          `select count(*)::int as waiting from mail_queue where sent_at is null and given_up_at is null`,
        );
        return rows[0]?.waiting === 0;
      },
      mailWaitMs,
    ).catch(() => {});
    await waitUntil(
      'every term matured',
      async () => {
        const { rows } = await direct.query<{ active: number }>(
          `select count(*)::int as active from fixed_terms where id = any($1) and status <> 'matured'`,
          [termIds],
        );
        return rows[0]?.active === 0;
      },
      60_000,
    ).catch(() => {});
    sockets.close();

    // ── The figures ──
    const references = tally.acknowledged.map((movement) => movement.reference);
    const { rows: found } = await direct.query<{ reference: string; movements: number }>(
      `select reference, count(distinct movement)::int as movements from ledger_entries
        where reference = any($1) and account = 'customer' and kind in ('buy', 'transfer_out')
        group by reference`,
      [references],
    );
    const movementsOf = new Map(found.map((row) => [row.reference, row.movements]));
    const lost = references.filter((reference) => !movementsOf.has(reference)).length;
    const twiceByReference = found.filter((row) => row.movements > 1).length;
    const senderIds = await userIds(
      direct,
      senders.map((sender) => sender.token),
    );
    const { rows: applied } = await direct.query<{ count: number }>(
      `select count(distinct reference)::int as count from ledger_entries
        where user_id = any($1) and account = 'customer' and kind in ('buy', 'transfer_out')`,
      [senderIds],
    );
    // Every movement the senders made: acknowledged ones, the terms' silver, and any the load
    // gave up on. More than that is a movement applied twice under another reference.
    const extra = (applied[0]?.count ?? 0) - references.length - termIds.length - tally.unknown;
    const rollingFailures = tally.failedAttempts.filter(
      (failure) => failure.at >= rollingFrom && failure.at <= rollingTo,
    );
    const { rows: mail } = await direct.query<QueuedRow>(
      `select id, given_up_at is not null as given_up from mail_queue`,
    );
    const mailFigures = mailFiguresOf(mailSink, cuts, mail, mailDomain);
    const { rows: maturities } = await direct.query<{ term: string; runs: number }>(
      `select t.id as term, count(distinct e.movement)::int as runs from fixed_terms t
        left join ledger_entries e on e.reference = t.id::text and e.kind = 'fixed_term_profit'
          and e.account = 'customer'
        where t.id = any($1) group by t.id`,
      [termIds],
    );
    const ledger = checkLedger(directUrl, path.join(workDir, 'check'));
    const crossed = sockets.crossed();

    const figures: [string, number | string, boolean][] = [
      ['load (s)', Math.round(loadMs / 1000), true],
      ['requests sent (attempts)', tally.requests, true],
      ['money movements acknowledged', references.length, references.length > 0],
      ['  refused (4xx, nothing moved)', tally.refused, true],
      ['  outcome unknown (gave up after retries)', tally.unknown, tally.unknown === 0],
      ['acknowledged movements lost', lost, lost === 0],
      [
        'movements applied twice',
        twiceByReference + Math.max(0, extra),
        twiceByReference === 0 && extra <= 0,
      ],
      ['failed attempts, whole run (retried with the same key)', tally.failedAttempts.length, true],
      [
        'failed requests during the rolling restart',
        rollingFailures.length,
        rollingFailures.length === 0,
      ],
      ['sign-ins', tally.signIns, tally.signIns > 0],
      ['realtime notices across servers: expected', crossed.expected, crossed.expected > 0],
      ['realtime notices across servers: heard', crossed.heard, crossed.heard > 0],
      [
        '  not heard: socket closed first (the page refetches)',
        crossed.dropped,
        crossed.heard + crossed.dropped === crossed.expected,
      ],
      ...mailFigures.figures,
      ['terms fixed', termIds.length, true],
      [
        'maturities run exactly once',
        maturities.filter((row) => row.runs === 1).length,
        maturities.every((row) => row.runs === 1),
      ],
      ['check:ledger', ledger.ok ? 'clean' : 'DIFFERENCES', ledger.ok],
    ];
    console.log('');
    for (const [name, value, holds] of figures) {
      console.log(`${holds ? '  ok ' : 'FAIL '} ${name.padEnd(58)} ${value}`);
    }
    if (rollingFailures.length > 0) console.log('rolling-restart failures:', rollingFailures);
    if (!ledger.ok) console.log(ledger.output);
    if (mailFigures.twice.length > 0) console.log('received more than once:', mailFigures.twice);
    if (maturities.some((row) => row.runs !== 1)) console.log('maturities:', maturities);
    return figures.every(([, , holds]) => holds) ? 0 : 1;
  } catch (err) {
    console.error(`The topology run failed: ${(err as Error).stack ?? String(err)}`);
    for (const instance of instances) {
      if (instance.child)
        console.error(`── ${instance.host.name} ──\n${instance.child.output().slice(-4000)}`);
    }
    if (pgbouncer) console.error(`── PgBouncer ──\n${pgbouncer.output().slice(-4000)}`);
    if (haproxy) console.error(`── HAProxy ──\n${haproxy.output().slice(-4000)}`);
    return 1;
  } finally {
    await teardown();
  }
}

async function userIds(direct: pg.Client, tokens: string[]): Promise<string[]> {
  const { rows } = await direct.query<{ user_id: string }>(
    `select user_id from sessions where token_hash = any(
      select encode(sha256(convert_to(t, 'UTF8')), 'hex') from unnest($1::text[]) t)`,
    [tokens],
  );
  return rows.map((row) => row.user_id);
}

function checkLedger(url: string, dataDir: string): { ok: boolean; output: string } {
  try {
    const output = execFileSync(process.execPath, ['apps/server/src/cli/check-ledger.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    return { ok: true, output };
  } catch (err) {
    return { ok: false, output: String((err as { stdout?: string }).stdout ?? err) };
  }
}

process.exitCode = await main();
