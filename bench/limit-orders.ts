// `npm run bench:orders`: one price tick that crosses 10,000 open limit orders (issue 29), on a
// fresh PostgreSQL database (BENCH_DATABASE_URL's admin connection; created and dropped). 10,000
// customers are seeded in bulk (seed.ts), each places a buy of 0.1 SOL at a limit of $160 through
// the ledger's own function (ledger_place_order, its reservation journaled), the book moves to
// $150 and the tick fills them as the server does (ledger/orders.ts fillCrossedOrders: statements
// of 500 fills, each fill a movement with its notice and queued mail). Prints the tick's time and
// fills per second beside pgbench's TPC-B-like transactions per second on the same database, then
// proves the result: every order filled once at $150, each customer holding 0.1 SOL and the
// unused $1 of their reservation back in cash, and the reconciliation finding nothing.
// `--orders N` changes the count; `--quick` runs pgbench for 5 s instead of 15. Not part of
// `npm test`: figures depend on the machine.
import { findAsset } from '@secure-vault/shared/catalogue';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { listedAssets } from '../apps/server/src/ledger/assets.ts';
import { fillCrossedOrders } from '../apps/server/src/ledger/orders.ts';
import { reconcileLedger } from '../apps/server/src/ledger/reconcile.ts';
import { recordPrice } from '../apps/server/src/prices/book.ts';
import { createDatabase, settle } from './databases.ts';
import { pgbench } from './pgbench.ts';
import { seedManyCustomers } from './seed.ts';

const countArg = process.argv.indexOf('--orders');
const orders = countArg > 0 ? Number(process.argv[countArg + 1]) : 10_000;
const seconds = process.argv.includes('--quick') ? 5 : 15;
const sol = findAsset('SOL');
if (!sol) throw new Error('no SOL in the catalogue');

const target = await createDatabase();
try {
  await seedManyCustomers(target.url, orders, 2);
  const database = await openDatabase({ url: target.url });
  try {
    // Each customer's order, as ledger_place_order writes it: $16.00 reserved for 0.1 at $160.
    const placedAt = new Date();
    await database.query(
      {
        name: 'bench_place_orders',
        text: `select count(ledger_place_order(
            p_user => u.id, p_actor => null, p_at => $1::timestamptz, p_key => null, p_hash => null,
            p_id => gen_random_uuid(), p_side => 'buy', p_symbol => 'SOL', p_quantity => 0.1,
            p_limit => 160, p_reserve => 16, p_expires => null, p_language => 'en',
            p_max_open => 100, p_assets => $2::jsonb, p_reference => gen_random_uuid()::text))
          from users u`,
      },
      [placedAt, listedAssets],
    );
    await settle(target.url);

    await recordPrice(database, {
      asset: sol,
      buy: '150',
      sell: '150',
      source: 'staff',
      at: new Date(placedAt.getTime() + 1000),
    });
    const at = new Date(placedAt.getTime() + 2000);
    const start = process.hrtime.bigint();
    const filled = await fillCrossedOrders(database, 'http://localhost', at, ['SOL']);
    const took = Number(process.hrtime.bigint() - start) / 1e9;
    const tpcb = await pgbench(target.url, 'pgbench TPC-B-like (tps)', { clients: 2, seconds });

    console.log(`a tick crossing ${orders.toLocaleString('en')} open limit orders`);
    console.log(`  filled            ${filled.toLocaleString('en')} in ${took.toFixed(2)} s`);
    console.log(`  fills per second  ${(filled / took).toFixed(0)}`);
    console.log(`  pgbench TPC-B-like, 2 clients: ${tpcb.perSecond.toFixed(0)} tps`);
    console.log(
      `  a fill costs ${((took * 1000) / Math.max(filled, 1)).toFixed(2)} ms, a TPC-B transaction ${(1000 / tpcb.perSecond).toFixed(2)} ms at 2 clients`,
    );

    // What the tick did, proven: once each, at the book, the ledger whole.
    const [check] = await database.query<Record<string, string>>(
      {
        name: 'bench_orders_check',
        text: `select
            count(*) filter (where status = 'filled' and fill_price = 150 and fill_total = 15)::text as filled_right,
            count(*) filter (where status <> 'filled')::text as not_filled,
            (select count(*) from valuables where asset_symbol = 'SOL' and status = 'active' and quantity = 0.1)::text as holders,
            (select count(*) from valuables where status = 'reserved')::text as reserved,
            (select count(distinct movement) from ledger_entries where kind = 'buy' and reference in (select id::text from limit_orders))::text as movements
          from limit_orders`,
      },
      [],
    );
    const report = await reconcileLedger(database.db, new Date());
    const right =
      Number(check?.filled_right) === orders &&
      Number(check?.not_filled) === 0 &&
      Number(check?.holders) === orders &&
      Number(check?.reserved) === 0 &&
      Number(check?.movements) === orders &&
      report.differences.length === 0;
    console.log(
      `  checked: ${check?.filled_right ?? 0} filled at $150 for $15.00, ${check?.not_filled ?? 0} not filled, ${check?.holders ?? 0} holders of 0.1 SOL, ${check?.reserved ?? 0} reservations left, ${check?.movements ?? 0} fill movements, ${report.differences.length} reconciliation differences`,
    );
    if (!right) {
      console.log('  WRONG: the tick did not fill every order exactly once at the book');
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
} finally {
  await target.drop();
}
