// `node bench/notices.ts [--quick]`: the designs for realtime notices (decision 020), measured at
// the database with pgbench, no Node or HTTP in the way. The trade statement as the server sends
// it runs at 32 clients on a fresh database with 64 customers, while one connection LISTENs as
// every server process does, in four rounds:
//   none      — no notice at all: the ceiling any design is measured against;
//   inside    — NOTIFY in the trade's own transaction (the design before decision 020);
//   after     — no NOTIFY in the trade; beside it, one NOTIFY every 3 ms (then 10 ms) from each
//               of 2 clients (one per server process), carrying what a process coalesced;
//   follower  — postings carry their transaction id (xid8, indexed: what reading them in commit
//               order needs), and 2 clients (one per server process) poll for the last ones
//               every 3 ms.
// `none` runs again at the end, so the drift of the machine over the run shows.
import pg from 'pg';
import { createDatabase, serverVersion, settle } from './databases.ts';
import { type Figure, pgbench, tradeStatementScript } from './pgbench.ts';
import { seedCustomers } from './seed.ts';

const isQuick = process.argv.includes('--quick');
const seconds = isQuick ? 5 : 10;
const connections = 32;
const customers = 64;
const processes = 2;
const channel = 'sv_user_events';

/** What one process sends every 3 ms at ~1,500 trades/s: about 3 notices. */
const coalesced = JSON.stringify(
  Array.from({ length: 3 }, (_, i) => ({
    userId: `00000000-0000-4000-8000-00000000000${i}`,
    topic: 'valuables',
  })),
);
const afterCommitScript = (delayMs: number) => `select pg_notify('${channel}', '${coalesced}');
\\sleep ${delayMs} ms
`;
const followerScript = `select distinct user_id from ledger_entries
where commit_order >= (pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 20)::text::xid8;
\\sleep 3 ms
`;

/** The trade statement at 32 clients, with `side` run beside it by one client per process. */
async function round(url: string, label: string, extra = '', side?: string): Promise<Figure> {
  const [trades] = await Promise.all([
    pgbench(url, label, {
      script: tradeStatementScript(customers, connections, extra),
      clients: connections,
      seconds,
    }),
    ...(side ? [pgbench(url, 'beside', { script: side, clients: processes, seconds })] : []),
  ]);
  return trades;
}

console.log(
  `Notice designs at the database: PostgreSQL ${await serverVersion()}, ${connections} clients, ${customers} customers, ${seconds} s rounds`,
);
const database = await createDatabase();
const listener = new pg.Client({ connectionString: database.url });
let heard = 0;
try {
  await seedCustomers({ url: database.url }, customers, '1000000');
  await settle(database.url);
  await listener.connect();
  listener.on('notification', () => heard++);
  await listener.query(`listen ${channel}`);

  const figures: Figure[] = [];
  figures.push(await round(database.url, 'none: no notice'));
  for (const delayMs of [3, 10]) {
    figures.push(
      await round(
        database.url,
        `after: coalesced NOTIFY every ${delayMs} ms`,
        '',
        afterCommitScript(delayMs),
      ),
    );
  }
  figures.push(
    await round(
      database.url,
      'inside: NOTIFY in the trade',
      `, pg_notify('${channel}', json_build_object('userId', c.user_id, 'topic', 'valuables')::text)`,
    ),
  );
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`alter table ledger_entries
    add column commit_order xid8 not null default pg_current_xact_id()`);
  await admin.query(
    'create index ledger_entries_commit_order_idx on ledger_entries (commit_order)',
  );
  await admin.end();
  await settle(database.url);
  figures.push(await round(database.url, 'follower: postings read by xid', '', followerScript));
  figures.push(await round(database.url, 'none again (drift)'));

  const ceiling = figures[0]?.perSecond ?? Number.NaN;
  console.log(
    `\n${'design'.padEnd(40)}${'trades/s'.padStart(10)}${'avg ms'.padStart(8)}${'÷ none'.padStart(8)}${'db CPU ms'.padStart(11)}`,
  );
  for (const f of figures) {
    console.log(
      `${f.label.padEnd(40)}${f.perSecond.toFixed(0).padStart(10)}${(f.p50 ?? Number.NaN).toFixed(1).padStart(8)}${(f.perSecond / ceiling).toFixed(2).padStart(8)}${(f.cpu?.database ?? Number.NaN).toFixed(3).padStart(11)}`,
    );
  }
  console.log(`(notifications heard by the listener: ${heard})`);
} finally {
  await listener.end().catch(() => {});
  await database.drop();
}
