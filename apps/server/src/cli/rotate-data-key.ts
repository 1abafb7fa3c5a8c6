// `npm run rotate:data-key`: after DATA_KEY has changed, with the key it replaced in
// DATA_KEY_PREVIOUS, seals every authenticator secret and encrypts every stored document again
// under DATA_KEY, and says what still needs a previous key (README "Rotating keys"). Run it once
// every server runs with the new keys: beside them on PostgreSQL, with the server stopped on the
// embedded database (PGlite is one process's). Safe to stop and to run again. Exit code 0 when
// everything opens with DATA_KEY, 1 when something opens with no configured key (left as it
// was), 2 when it cannot run.
import { formatRotationReport, isComplete, rotateDataKey } from '../auth/rotate-data-key.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, databaseOptionsOf, openDatabase } from '../db/client.ts';
import { messageOf } from '../errors.ts';

async function main(): Promise<number> {
  let database: Database;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    database = await openDatabase(databaseOptionsOf(config));
  } catch (err) {
    console.error(
      `The data key rotation cannot run: ${err instanceof ConfigError ? err.message : String(err)}`,
    );
    return 2;
  }
  try {
    await database.migrate();
    const report = await rotateDataKey(config, database.db);
    console.log(formatRotationReport(report));
    return isComplete(report) ? 0 : 1;
  } catch (err) {
    console.error(`The data key rotation stopped: ${messageOf(err)}`);
    console.error('What it finished stays done; everything opens with the keys configured.');
    return 2;
  } finally {
    await database.close().catch(() => {});
  }
}

process.exitCode = await main();
