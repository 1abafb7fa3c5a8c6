// `npm run check:ledger`: the reconciliation (ledger/reconcile.ts) against the database the app
// is configured for (DATABASE_URL, or the embedded one in DATA_DIR). Prints every difference on
// its own line and the platform's totals. Exit code 0 when the ledger is whole, 1 on any
// difference, 2 when the check cannot run (bad configuration, no database).
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, databaseOptionsOf, openDatabase } from '../db/client.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { formatLedgerReport } from '../ledger/reconcile-report.ts';
import { messageOf } from '../errors.ts';

async function main(): Promise<number> {
  let database: Database;
  try {
    const config = loadConfig();
    database = await openDatabase(databaseOptionsOf(config));
  } catch (err) {
    console.error(
      `The ledger check cannot run: ${err instanceof ConfigError ? err.message : String(err)}`,
    );
    return 2;
  }
  try {
    await database.migrate();
    const report = await reconcileLedger(database.db);
    console.log(formatLedgerReport(report));
    return report.ok ? 0 : 1;
  } catch (err) {
    console.error(`The ledger check cannot run: ${messageOf(err)}`);
    return 2;
  } finally {
    await database.close().catch(() => {});
  }
}

process.exitCode = await main();
