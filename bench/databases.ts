// Throwaway PostgreSQL databases for the benchmarks: each run creates `sv_bench_<random>` through
// the admin connection (BENCH_DATABASE_URL, default the local `test` database) and drops it at
// the end, so figures never depend on what an earlier run left behind.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverVersion(): Promise<string> {
  return onAdmin(
    async (client) =>
      (await client.query<{ server_version: string }>('show server_version')).rows[0]
        ?.server_version ?? '?',
  );
}

export async function createDatabase(): Promise<BenchDatabase> {
  const name = `sv_bench_${randomBytes(4).toString('hex')}`;
  await onAdmin(async (client) => {
    await client.query(`create database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onAdmin(async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * Leaves a freshly seeded database as a running one would be: statistics gathered, dead rows
 * gone and the seed's dirty pages written out, so no checkpoint or autovacuum of the seed runs
 * under the measured rounds (CHECKPOINT needs a superuser or pg_checkpoint; without, skipped).
 */
export async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    await client.query('checkpoint').catch(() => {});
  } finally {
    await client.end();
  }
}
