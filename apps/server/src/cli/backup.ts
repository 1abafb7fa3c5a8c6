// `npm run backup [-- FOLDER]`: a backup of the database the app is configured for (DATABASE_URL,
// or the embedded one in DATA_DIR, whose server must be stopped), the stored documents and the
// generated keys, into FOLDER (default ./backups/<time>). Exit code 0 when written, 2 when not.
import path from 'node:path';
import { BackupError, backup } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';

async function main(): Promise<number> {
  try {
    const config = loadConfig();
    const base = process.env.INIT_CWD ?? process.cwd();
    const out = path.resolve(
      base,
      process.argv[2] ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')),
    );
    const manifest = await backup(config, out);
    console.log(
      `Backed up ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'} and ${Object.keys(manifest.files).length} files into ${out}.`,
    );
    if (manifest.keysFromEnvironment.length > 0) {
      console.log(
        `${new Intl.ListFormat('en').format(manifest.keysFromEnvironment)} came from the environment and are not in the backup: keep them with it, or it cannot be read.`,
      );
    }
    return 0;
  } catch (err) {
    const known = err instanceof ConfigError || err instanceof BackupError;
    console.error(`The backup was not made: ${known ? err.message : String(err)}`);
    return 2;
  }
}

process.exitCode = await main();
