// `npm run admin -- create --email X --password Y` creates a staff account (or promotes an
// existing one without changing its password); `npm run admin -- promote --email X` promotes.
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@secure-vault/shared';
import { ConfigError, loadConfig } from '../config.ts';
import { systemClock } from '../context.ts';
import { databaseOptionsOf, openDatabase } from '../db/client.ts';
import { ensureAdmin, promoteAdmin } from '../features/admin/ensure-admin.ts';
import { messageOf } from '../errors.ts';

const usage = `Usage:
  npm run admin -- create --email EMAIL --password PASSWORD
  npm run admin -- promote --email EMAIL`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    });
  } catch (err) {
    return fail(messageOf(err));
  }
})();
const [command] = positionals;
if (command !== 'create' && command !== 'promote') fail('Name a command: create or promote.');
const email = emailSchema.safeParse(values.email);
if (!email.success) fail('--email needs a valid email address.');
if (command === 'create' && !passwordSchema.safeParse(values.password).success) {
  fail('--password needs at least 6 characters.');
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
const database = await openDatabase(databaseOptionsOf(config));
try {
  await database.migrate();
  const deps = { db: database.db, clock: systemClock };
  const result =
    command === 'create'
      ? await ensureAdmin(deps, { email: email.data, password: values.password ?? '' })
      : await promoteAdmin(deps, email.data);
  const messages = {
    created: `Created the staff account ${email.data}.`,
    promoted: `${email.data} is now staff (password unchanged).`,
    unchanged: `${email.data} was already staff; nothing changed.`,
    missing: `No account uses ${email.data}. Sign up first, or use create.`,
  };
  console.log(messages[result]);
  if (result === 'missing') process.exitCode = 1;
} finally {
  await database.close();
}
