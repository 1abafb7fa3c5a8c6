// pgbench rounds for the benchmarks (run.ts, notices.ts): the figure type every round prints,
// pgbench at a given concurrency on a custom script or TPC-B-like, and the server's own trade
// statement as a pgbench script.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findAsset } from '@secure-vault/shared/catalogue';
import { quote } from '@secure-vault/shared/trading';
import { listedAssets } from '../apps/server/src/ledger/assets.ts';
import { limits } from '../apps/server/src/auth/rate-limit.ts';
import { newPosition } from '../apps/server/src/ledger/trade.ts';
import { type CpuUse, startCpuMeter } from './cpu.ts';

const run = promisify(execFile);
const pgbenchPath = process.env.PGBENCH ?? '/usr/bin/pgbench';

export interface Figure {
  label: string;
  perSecond: number;
  p50?: number;
  p99?: number;
  failures?: number;
  /** CPU ms per request (or transaction) of the server, PostgreSQL and the load generator. */
  cpu?: CpuUse | undefined;
}

export function perRequest(used: CpuUse | undefined, count: number): CpuUse | undefined {
  if (!used || count === 0) return undefined;
  return {
    ...(used.server === undefined ? {} : { server: used.server / count }),
    database: used.database / count,
    client: used.client / count,
  };
}

export const silver = (() => {
  const asset = findAsset('AG');
  if (!asset) throw new Error('no silver in the catalogue');
  return asset;
})();
/** 100 mg of silver, worth $0.084, paid in whole cents ($0.09). */
export const silverBuy = (() => {
  const priced = quote(silver, { quantity: '100' }, 'buy');
  if (!priced.ok) throw new Error('cannot price 100 mg of silver');
  return priced.quote;
})();

/**
 * The server's trade statement (ledger/trade.ts through ledger/movement.ts, with the session join
 * of auth/session-caller.ts) as a pgbench script: the most trades per second the database gives
 * at this concurrency, with no Node, HTTP or JSON in the way. Like the sessions in turn over HTTP,
 * no two clients trade for the same customer (client c takes customer c or c + connections); each
 * call has its own key. `extra` is appended to the select list (a NOTIFY, for comparison).
 */
export function tradeStatementScript(customers: number, connections: number, extra = ''): string {
  return `\\set u :client_id + ${connections} * random(0, ${customers / connections - 1})
select c.*, ledger_noticed(ledger_trade(c.user_id, c.actor_id, now(), gen_random_uuid()::text,
  'pgbench', 'buy', '${silver.symbol}', ${silverBuy.quantity}, ${silverBuy.price},
  ${silverBuy.total}, '${JSON.stringify(newPosition(silver))}', gen_random_uuid()::text, '{}'))${extra}
from (select token_hash from sessions order by id offset :u limit 1) s,
  lateral (select *, impersonator_id as actor_id
    from auth_session(s.token_hash, now(), now() - interval '7 days')) c;
`;
}

/**
 * The server's transfer statement (ledger/transfers.ts: ledger_transfer with the account-lookup
 * limit and both parties in it) as a pgbench script: one cent of cash from the transfer party
 * numbered client c to party c + connections (bench/seed.ts `seedTransferParties`, the customers
 * with an approved KYC), as the round over HTTP sends it, so no two clients share a customer.
 * The session check the route runs before it is left out, like the trade script's own lookup.
 * The statement queues the transfer's two emails (decision 022), as the server's does.
 */
export function transferStatementScript(connections: number): string {
  const party = (offset: string) =>
    `(select user_id from kyc_verifications where status = 'approved' order by user_id offset ${offset}::int limit 1)`;
  // pgbench reads ":name" as a variable even inside a literal: each colon is a literal of its own.
  const literal = (text: string) => `'${text.replaceAll(':', "' || ':' || '")}'`;
  return `\\set r :client_id + ${connections}
select ledger_noticed(ledger_transfer(s.user_id, null, now(), gen_random_uuid()::text,
  'pgbench', gen_random_uuid(), r.account_number, v.id, 0.01, (${literal(listedAssets)})::jsonb, 'en',
  ${literal(limits.recipientLookupUser.bucket)}, 'pgbench', now() - interval '15 minutes',
  ${limits.recipientLookupUser.max}, null))
from (select ${party(':client_id')} as user_id) s,
  profiles r, valuables v
where r.user_id = ${party(':r')}
  and v.user_id = s.user_id and v.asset_symbol = 'USD' and v.status = 'active';
`;
}

export interface PgbenchRound {
  /** A custom script; without one, TPC-B-like after `pgbench -i -s 10`. */
  script?: string;
  clients: number;
  seconds: number;
}

/** pgbench: TPC-B-like after `-i`, or a custom script; tps and average latency. */
export async function pgbench(
  databaseUrl: string,
  label: string,
  { script, clients, seconds }: PgbenchRound,
): Promise<Figure> {
  const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'sv-bench-pgbench-'));
  try {
    const scriptArgs: string[] = [];
    if (script) {
      const file = path.join(scriptDir, 'script.sql');
      writeFileSync(file, script);
      scriptArgs.push('-n', '-f', file);
    } else {
      await run(pgbenchPath, ['-i', '-s', '10', '-q', databaseUrl], { maxBuffer: 1 << 24 });
    }
    const cpuUsed = startCpuMeter();
    const { stdout } = await run(
      pgbenchPath,
      [
        ...scriptArgs,
        '-c',
        String(clients),
        '-j',
        String(Math.min(2, clients)),
        '-T',
        String(seconds),
        '-M',
        'prepared',
        databaseUrl,
      ],
      { maxBuffer: 1 << 24 },
    );
    const tps =
      /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
        stdout,
      );
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    const transactions = /number of transactions actually processed: (\d+)/.exec(stdout);
    if (!tps?.[1]) throw new Error(`no tps in pgbench output:\n${stdout}`);
    return {
      label,
      perSecond: Number(tps[1]),
      p50: Number(latency?.[1] ?? NaN),
      cpu: perRequest(cpuUsed(), Number(transactions?.[1] ?? 0)),
    };
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
  }
}
