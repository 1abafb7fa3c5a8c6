// `npm run seed` (or `npm run db:seed`): fills an empty database with demo data (cli/seed-demo.ts)
// and a year of price history (cli/seed-prices.ts) so a newcomer sees a living product at once,
// then runs the ledger check on it. Exit code 0 when seeded (or when there was nothing to do:
// customers exist already), 1 when seeding failed or the ledger check found a difference, 2 when
// it must not or cannot run (production, bad configuration).
import { ConfigError, loadConfig } from '../config.ts';
import { simulatedFeed } from '../prices/feed-config.ts';
import { databaseOptionsOf, openDatabase } from '../db/client.ts';
import { formatLedgerReport } from '../ledger/reconcile-report.ts';
import { createLogger } from '../logger.ts';
import { seedDemo } from './seed-demo.ts';
import { seedPriceHistory } from './seed-prices.ts';
import { announcePrices } from '../prices/book.ts';
import { messageOf } from '../errors.ts';

async function main(): Promise<number> {
  // Checked before anything else is read or opened.
  if (process.env.NODE_ENV === 'production') {
    console.error('Refused: demo data is never seeded in production (NODE_ENV=production).');
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    return 2;
  }
  if (config.nodeEnv === 'production') {
    console.error('Refused: demo data is never seeded in production.');
    return 2;
  }
  const logger = createLogger('warn');
  const database = await openDatabase({ ...databaseOptionsOf(config), logger });
  try {
    await database.migrate();
    const outcome = await seedDemo(database, config, logger);
    if (outcome.kind === 'refused') {
      console.log(outcome.message);
      return 0;
    }
    const { password, staff, approver, customers, report } = outcome;
    // The charts' history, and a book priced at the listed prices now (cli/seed-prices.ts).
    await seedPriceHistory(database, new Date());
    await announcePrices(database);
    const existed = ' (it existed already: its password is unchanged)';
    const lines = [
      'Demo data seeded.',
      '',
      `Every demo account's password: ${password}`,
      '',
      'Staff (every change of value one makes, the other approves in the Approvals tab):',
      `  ${staff.email}${staff.isNew ? '' : existed}`,
      `  ${approver.email}${approver.isNew ? '' : existed}`,
      staff.staff2fa !== 'optional'
        ? '  Staff need two-factor sign-in (STAFF_2FA=required): sign in, open /settings, choose\n' +
          '  "Set Up Two-Factor Authentication", scan the QR code with an authenticator app and\n' +
          '  enter its code; the admin panel (/admin) then opens in that session, and later sign-ins\n' +
          '  ask for a code. (For a local look only, STAFF_2FA=optional skips this.)'
        : '  STAFF_2FA=optional: the admin panel opens after signing in with the password.',
      '',
      'Customers (emails verified):',
      ...customers.map(
        (c) =>
          `  ${c.email.padEnd(34)} ${c.name.padEnd(15)} account ${c.accountNumber ?? '?'}\n    ${c.note}`,
      ),
      '',
      'Mail sent while seeding is in the outbox (the dev mailbox), never delivered.',
      '',
      ...feedLines(config.priceFeed.url),
      '',
      formatLedgerReport(report),
    ];
    console.log(lines.join('\n'));
    return report.ok ? 0 : 1;
  } catch (err) {
    console.error(`Seeding failed: ${messageOf(err)}`);
    return 1;
  } finally {
    await database.close().catch(() => {});
  }
}

/** How to see the demo's prices move: the simulated feed (decision 029), or the one in use. */
function feedLines(url: string | undefined): string[] {
  if (url === simulatedFeed) {
    return ['Prices: the server started with PRICE_FEED_URL=simulate walks them at random.'];
  }
  if (url !== undefined) return ['Prices: the server takes them from PRICE_FEED_URL.'];
  return [
    'Prices stay at the listed prices. To see them move, start the server with the simulated',
    'feed, a random walk within 10% of each listed price:',
    `  PRICE_FEED_URL=${simulatedFeed} npm run dev   (or npm start)`,
  ];
}

process.exitCode = await main();
