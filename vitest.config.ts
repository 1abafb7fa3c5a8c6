import os from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
// One migrated database per run, which each test app copies (apps/server/src/test/database-template.ts).
const databaseTemplate = ['apps/server/src/test/database-template.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one file at a time per core less one: on CI's two cores, one file. The
    // server's files spend much of their time waiting on PostgreSQL, another process, so two at
    // once keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          // The topology's own checks are plain functions too (topology/*.test.ts).
          include: ['packages/shared/src/**/*.test.ts', 'topology/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: databaseTemplate,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                // These start their own embedded database; running them twice proves nothing.
                exclude: ['apps/server/src/main.test.ts', 'apps/server/src/db/client.test.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                globalSetup: databaseTemplate,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      './apps/web/vite.config.ts',
    ],
  },
});
