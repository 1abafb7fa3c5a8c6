// CPU time actually used during a round, read from /proc (Linux only; elsewhere nothing is
// reported). On a 2-core machine the server, PostgreSQL and the load generator share the cores,
// so throughput is capped by their CPU per request together; a CPU profile cannot tell this, as
// its samples also count the time a process waits for a core. Each figure is a process tree:
// its live processes plus the children it has reaped (cutime/cstime), so PostgreSQL's backends
// and pgbench are counted even once they have exited.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in these ticks (100 on Linux; `getconf CLK_TCK`). */
const ticksPerSecond = 100;

interface Stat {
  pid: number;
  parent: number;
  command: string;
  /** utime + stime + cutime + cstime, in ms. */
  cpuMs: number;
}

function readStat(pid: number | 'self'): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    // Fields after the command, from field 3 (state): ppid is field 4, utime…cstime 14–17.
    const fields = text
      .slice(close + 2)
      .split(' ')
      .map(Number);
    const ticks = (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0);
    return {
      pid: Number(text.slice(0, text.indexOf(' '))),
      parent: fields[1] ?? 0,
      command: text.slice(text.indexOf('(') + 1, close),
      cpuMs: (ticks * 1000) / ticksPerSecond,
    };
  } catch {
    return undefined;
  }
}

function allProcesses(): Stat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== undefined);
}

/** CPU ms of `root` and every live process below it. */
function treeCpuMs(processes: Stat[], root: number): number {
  const children = new Map<number, Stat[]>();
  for (const stat of processes) {
    children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  }
  let total = 0;
  const pending = processes.filter((stat) => stat.pid === root);
  for (let stat = pending.pop(); stat; stat = pending.pop()) {
    total += stat.cpuMs;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}

export interface CpuUse {
  /** The server's processes (the primary and its workers), when a server pid was given. */
  server?: number;
  /** Every PostgreSQL process on this machine: backends, WAL writer, checkpointer… */
  database: number;
  /** This process (autocannon runs in it) and the children it reaped (pgbench). */
  client: number;
}

function reading(serverPid: number | undefined): CpuUse | undefined {
  const processes = allProcesses();
  const self = readStat('self');
  if (processes.length === 0 || !self) return undefined;
  const postmaster = processes.find(
    (stat) =>
      stat.command === 'postgres' &&
      processes.find((parent) => parent.pid === stat.parent)?.command !== 'postgres',
  );
  return {
    ...(serverPid === undefined ? {} : { server: treeCpuMs(processes, serverPid) }),
    database: postmaster ? treeCpuMs(processes, postmaster.pid) : 0,
    client: self.cpuMs,
  };
}

/** Starts measuring; the function returned gives the CPU ms used since, or undefined. */
export function startCpuMeter(serverPid?: number): () => CpuUse | undefined {
  const before = reading(serverPid);
  return () => {
    const after = reading(serverPid);
    if (!before || !after) return undefined;
    return {
      ...(after.server === undefined ? {} : { server: after.server - (before.server ?? 0) }),
      database: after.database - before.database,
      client: after.client - before.client,
    };
  };
}
