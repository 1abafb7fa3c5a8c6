// `npm run restore -- FOLDER`: puts a backup (cli/backup.ts) back into the database the app is
// configured for — an empty PostgreSQL database, or a DATA_DIR without one — with its documents
// and keys, migrates it, and checks the ledger. Exit code 0 when restored whole, 1 when restored
// but the ledger check finds a difference, 2 when nothing was restored.
import path from 'node:path';
import { BackupError, placeKeys, restore } from '../backup/backup.ts';
import { ConfigError, configuredDataDir, loadConfig } from '../config.ts';
import { formatLedgerReport } from '../ledger/reconcile-report.ts';

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: npm run restore -- FOLDER (a folder npm run backup wrote)');
    return 2;
  }
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  try {
    // The backup's keys first: reading the configuration would generate a new data key.
    placeKeys(from, configuredDataDir());
    const report = await restore(loadConfig(), from);
    console.log(formatLedgerReport(report));
    console.log(report.ok ? `Restored ${from}.` : `Restored ${from}, but the ledger check failed.`);
    return report.ok ? 0 : 1;
  } catch (err) {
    const known = err instanceof ConfigError || err instanceof BackupError;
    console.error(`Nothing was restored: ${known ? err.message : String(err)}`);
    return 2;
  }
}

process.exitCode = await main();
