// Does an answer take longer when the account exists? (decision 010.) Times password reset,
// sign-up and its resend for addresses with and without an account, interleaved, through the
// real app in this process, and prints each median and how often a threshold between the two
// medians guesses right (50 % means the time tells nothing). Background work is awaited between
// requests, outside the timing. `node bench/account-existence.ts [samples]`; with
// TEST_DB_KIND=postgres and TEST_DATABASE_URL it runs on a fresh PostgreSQL database.
import { randomInt } from 'node:crypto';
import { backgroundWorkSettled } from '../apps/server/src/auth/background-work.ts';
import {
  createTestApp,
  dbKind,
  jsonHeaders,
  manualClock,
} from '../apps/server/src/test/test-app.ts';
import { createUser } from '../apps/server/src/test/users.ts';

const samples = Number(process.argv[2] ?? 200);
const clock = manualClock();
const t = await createTestApp({ clock });

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function timed(url: string, body: object): Promise<number> {
  // Past every per-address limit and the 60-second code rule: each request is a first one.
  clock.advance(61 * 60_000);
  const started = process.hrtime.bigint();
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: jsonHeaders,
    body: JSON.stringify(body),
    remoteAddress: randomIp(),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.statusCode !== 202) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  await backgroundWorkSettled(t.ctx);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** How often "slower than the midpoint of the medians means it exists" is right. */
function guessRate(known: number[], unknown: number[]): number {
  const cut = (median(known) + median(unknown)) / 2;
  const isKnownSlower = median(known) >= median(unknown);
  const right =
    known.filter((ms) => ms >= cut === isKnownSlower).length +
    unknown.filter((ms) => ms < cut === isKnownSlower).length;
  return right / (known.length + unknown.length);
}

async function measure(label: string, url: string, body: (email: string) => object) {
  // As many addresses each way, each asked for as often, so both leave the same rows behind.
  const accounts = await Promise.all(Array.from({ length: 20 }, () => createUser(t, 'bench')));
  const withAccount = accounts.map((account) => account.email);
  const without = withAccount.map((email) => `nobody-${email}`);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 10; i++) await timed(url, body(`warm-up-${i}@example.com`));
  for (let i = 0; i < samples; i++) {
    known.push(await timed(url, body(withAccount[i % withAccount.length] ?? '')));
    unknown.push(await timed(url, body(without[i % without.length] ?? '')));
  }
  console.log(
    `${label.padEnd(22)} exists ${median(known).toFixed(3)} ms, does not ${median(unknown).toFixed(3)} ms, ` +
      `guessed right ${(guessRate(known, unknown) * 100).toFixed(0)} % of ${samples * 2}`,
  );
}

console.log(`${dbKind}, ${samples} samples each way`);
await measure('password reset', '/api/v1/auth/password-reset', (email) => ({ email }));
await measure('sign-up', '/api/v1/auth/sign-up', (email) => ({ email, password: 'bench pass' }));
await measure('sign-up resend', '/api/v1/auth/sign-up/resend', (email) => ({ email }));
await t.close();
