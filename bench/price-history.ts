// `node bench/price-history.ts`: the price book's reads at two sizes of history (issue 29, "history
// reads stay flat at 1,000,000 price points"): one asset with 1,000 prices over a year, another
// with 1,000,000, on a fresh PostgreSQL database (BENCH_DATABASE_URL's admin connection; created
// and dropped). Each read is called as the routes call it (prices/book.ts), `rounds` times in a
// row after a warm-up: every chart range, and the whole book. Prints the median and p95 in ms per
// read for each size and their ratio. Flat means no read scans the history: each range reads one
// index entry per step it draws, so 1,000× the points costs only the index's extra level or two
// and colder pages — within 2× counts as flat (rounds on two shared cores vary by more than
// that between runs). `--quick` reads 20 times instead of 100; `--explain` first prints the
// year's chart's plan at 1,000,000 points. Not part of `npm test`: figures depend on the machine.
import { findAsset } from '@secure-vault/shared/catalogue';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { priceHistory, readBook } from '../apps/server/src/prices/book.ts';
import { priceRanges } from '@secure-vault/shared/prices';
import { createDatabase, settle } from './databases.ts';

const rounds = process.argv.includes('--quick') ? 20 : 100;
const sizes = [
  { symbol: 'LTC', points: 1_000 },
  { symbol: 'BTC', points: 1_000_000 },
];
const year = 365 * 24 * 60 * 60 * 1000;

const target = await createDatabase();
const database = await openDatabase({ url: target.url });
try {
  await database.migrate();
  const now = new Date();
  for (const { symbol, points } of sizes) {
    const asset = findAsset(symbol);
    if (!asset) throw new Error(symbol);
    // Evenly over the year before now, each a small step from the listed price, oldest first.
    await database.query(
      {
        name: `bench_prices_${symbol}`,
        text: `insert into asset_prices (symbol, buy, sell, effective_at, source)
          select $1, p, p, $3::timestamptz - ($2::int - i) * ($4::bigint / $2::int) * interval '1 millisecond', 'feed'
          from generate_series(1, $2::int) as i,
            lateral (select round($5::numeric * (1 + 0.05 * sin(i / 500.0))::numeric, 8) as p) price`,
      },
      [symbol, points, now, year, asset.price],
    );
  }
  await settle(target.url);

  if (process.argv.includes('--explain')) {
    // The year's chart at 1,000,000 points, as PostgreSQL runs it: one index lookup per step.
    const step = 86_400_000;
    const rows = await database.query<Record<string, string>>(
      {
        name: 'explain',
        text: `explain (analyze, buffers) select $2::timestamptz + (i + 1) * ($3::bigint * interval '1 millisecond') as at, p.buy, p.sell from generate_series(0, $4::int - 1) as i cross join lateral (select a.buy, a.sell from asset_prices a where a.symbol = $1 and a.effective_at <= $2::timestamptz + (i + 1) * ($3::bigint * interval '1 millisecond') order by a.effective_at desc, a.id desc limit 1) p order by i`,
      },
      ['BTC', new Date(now.getTime() - 365 * step), step, 365],
    );
    for (const row of rows) console.log(Object.values(row)[0]);
  }
  const time = async (read: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await read();
    const took: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = process.hrtime.bigint();
      await read();
      took.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    took.sort((a, b) => a - b);
    return { median: took[Math.floor(rounds / 2)] ?? 0, p95: took[Math.floor(rounds * 0.95)] ?? 0 };
  };

  console.log(`price history reads, ${rounds} each (ms per read: median / p95)`);
  console.log(
    `range   ${sizes.map((s) => `${s.points.toLocaleString('en')} points`.padStart(22)).join('')}   ratio`,
  );
  let worst = 0;
  for (const range of priceRanges) {
    const figures = [];
    for (const { symbol } of sizes) {
      const asset = findAsset(symbol);
      if (!asset) throw new Error(symbol);
      figures.push(await time(() => priceHistory(database, asset, range, now)));
    }
    const ratio = (figures[1]?.median ?? 0) / (figures[0]?.median || 1);
    worst = Math.max(worst, ratio);
    console.log(
      `${range.padEnd(6)}${figures.map((f) => `${f.median.toFixed(2)} / ${f.p95.toFixed(2)}`.padStart(22)).join('')}   ${ratio.toFixed(2)}×`,
    );
  }
  const book = await time(() => readBook(database, now));
  console.log(
    `book (every asset, with its 24 h change): ${book.median.toFixed(2)} / ${book.p95.toFixed(2)} ms`,
  );
  console.log(
    worst <= 2
      ? `flat: the largest ratio is ${worst.toFixed(2)}× for 1,000× the points (target ≤ 2×)`
      : `NOT flat: the largest ratio is ${worst.toFixed(2)}× for 1,000× the points (target ≤ 2×)`,
  );
} finally {
  await database.close();
  await target.drop();
}
