// The production shape on one machine: hosts in network namespaces, each reached over a veth
// pair, with PgBouncer (transaction pooling) in front of the machine's PostgreSQL, HAProxy in
// front of the servers, and an SMTP server that keeps what it receives. Everything made here is
// removed by `teardown`, also after a run that failed or was interrupted.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

/** Debian's packages the run needs, by the command each provides. */
const packages: Record<string, string> = {
  haproxy: 'haproxy',
  pgbouncer: 'pgbouncer',
  ip: 'iproute2',
};

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Installs whichever of HAProxy, PgBouncer and iproute2 is missing (as root, from Debian). */
export function ensurePackages(log: (line: string) => void): void {
  const missing = Object.entries(packages)
    .filter(([command]) => !has(command) && !existsInSbin(command))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} from Debian's packages`);
  execFileSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function existsInSbin(command: string): boolean {
  return has(`/usr/sbin/${command}`);
}

export const namespacePrefix = 'svtopo';

/** One host: its namespace, its own address and the address it sees the machine at. */
export interface Host {
  name: string;
  namespace: string;
  address: string;
  gateway: string;
}

export function hostsFor(count: number): Host[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      name: `s${n}`,
      namespace: `${namespacePrefix}${n}`,
      address: `10.213.${n}.2`,
      gateway: `10.213.${n}.1`,
    };
  });
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

/** Removes the namespaces and links of this or an earlier run. */
export function removeHosts(): void {
  const namespaces = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(namespacePrefix));
  for (const namespace of namespaces) ip('netns', 'del', namespace);
  for (const link of execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' }).split('\n')) {
    const name = /^\d+: (svt\d+h)[@:]/.exec(link)?.[1];
    // Deleting a namespace takes its pair along, sometimes a moment later.
    if (name) {
      try {
        ip('link', 'del', name);
      } catch {
        // Gone with its namespace.
      }
    }
  }
}

/** Makes each host's namespace with a veth pair to the machine. */
export function makeHosts(hosts: readonly Host[]): void {
  removeHosts();
  hosts.forEach((host, index) => {
    const outside = `svt${index + 1}h`;
    const inside = `svt${index + 1}n`;
    ip('netns', 'add', host.namespace);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', host.namespace);
    ip('addr', 'add', `${host.gateway}/24`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    const inNamespace = (...args: string[]) => ip('netns', 'exec', host.namespace, 'ip', ...args);
    inNamespace('addr', 'add', `${host.address}/24`, 'dev', inside);
    inNamespace('link', 'set', inside, 'up');
    inNamespace('link', 'set', 'lo', 'up');
    inNamespace('route', 'add', 'default', 'via', host.gateway);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

/** A child process of the run, with its output kept for the report when it fails. */
export interface Child {
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export function startChild(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Child {
  // A process group of its own, so a kill reaches the server's worker processes too.
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

export function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.process.pid === undefined || child.process.exitCode !== null) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch {
    // Gone already.
  }
}

/** PgBouncer in transaction pooling mode, with a session-mode alias for LISTEN. */
export async function startPgBouncer(options: {
  dir: string;
  port: number;
  listenOn: readonly string[];
  database: string;
}): Promise<Child> {
  mkdirSync(options.dir, { recursive: true });
  const ini = path.join(options.dir, 'pgbouncer.ini');
  const users = path.join(options.dir, 'users.txt');
  const target = `host=127.0.0.1 port=5432 dbname=${options.database} user=postgres`;
  writeFileSync(users, '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      `sv = ${target}`,
      // LISTEN holds a connection for as long as it listens: a session of its own.
      `sv_listen = ${target} pool_mode=session`,
      '[pgbouncer]',
      `listen_addr = ${options.listenOn.join(',')}`,
      `listen_port = ${options.port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      'server_reset_query =',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  chmodSync(options.dir, 0o755);
  // PgBouncer refuses to run as root: it runs as the database's own user.
  const child = startChild('pgbouncer', ['-u', 'postgres', ini]);
  await waitForPort('127.0.0.1', options.port, child, 'PgBouncer');
  return child;
}

/** HAProxy: round robin over the servers, each checked on /api/ready every 300 ms. */
export async function startHaproxy(options: {
  dir: string;
  port: number;
  servers: readonly { name: string; address: string; port: number }[];
}): Promise<Child & { statsSocket: string }> {
  mkdirSync(options.dir, { recursive: true });
  const config = path.join(options.dir, 'haproxy.cfg');
  const statsSocket = path.join(options.dir, 'haproxy.sock');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4000',
      `  stats socket ${statsSocket} mode 600 level admin`,
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      // Longer than a client's own idle timeout (Node's fetch: 4 s), so the client is the one
      // to close an idle connection, never the balancer just as the client reuses it.
      '  timeout http-keep-alive 10s',
      '  option forwardfor',
      // A request that never reached a server, or whose server closed without a word (killed),
      // goes to another: money-moving requests carry an Idempotency-Key, so a repeat is answered
      // from the first, never applied twice (DESIGN §5).
      '  retries 3',
      '  option redispatch 1',
      '  retry-on conn-failure empty-response',
      'frontend web',
      `  bind 127.0.0.1:${options.port}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option httpchk GET /api/ready',
      '  http-check expect status 200',
      '  default-server inter 300 fall 1 rise 2',
      '  http-response set-header x-served-by %s',
      ...options.servers.map((s) => `  server ${s.name} ${s.address}:${s.port} check`),
      '',
    ].join('\n'),
  );
  const child = startChild('haproxy', ['-db', '-f', config]);
  await waitForPort('127.0.0.1', options.port, child, 'HAProxy');
  return { ...child, statsSocket };
}

async function waitForPort(host: string, port: number, child: Child, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.process.exitCode !== null) {
      throw new Error(`${what} exited at start:\n${child.output()}`);
    }
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await delay(100);
  }
  throw new Error(`${what} did not listen on ${host}:${port}:\n${child.output()}`);
}

/** A mail server that accepts everything and counts each message by its Message-ID. */
export interface MailSink {
  port: number;
  /** Message-ID → how many times it arrived. */
  received: Map<string, number>;
  /** Message-ID → when (epoch ms) its first copy arrived. */
  firstArrived: Map<string, number>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startMailSink(port: number): Promise<MailSink> {
  const received = new Map<string, number>();
  const firstArrived = new Map<string, number>();
  let server: SMTPServer | null = null;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          if (text.length < 65_536) text += chunk;
        });
        stream.on('end', () => {
          const id = /^message-id:\s*(<[^>]+>)/im.exec(text)?.[1] ?? 'no message-id';
          received.set(id, (received.get(id) ?? 0) + 1);
          if (!firstArrived.has(id)) firstArrived.set(id, Date.now());
          callback();
        });
      },
    });
  const sink: MailSink = {
    port,
    received,
    firstArrived,
    start: async () => {
      server = make();
      // A client killed mid-conversation resets its connection: that server's problem, not ours.
      server.on('error', () => {});
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.server.once('error', reject);
        listening.listen(port, '0.0.0.0', () => resolve());
      });
    },
    stop: async () => {
      const closing = server;
      server = null;
      if (!closing) return;
      // Connections open now are cut, as when the mail server's host goes down.
      for (const connection of (closing as unknown as { connections: Set<{ close(): void }> })
        .connections ?? [])
        connection.close();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await sink.start();
  return sink;
}
