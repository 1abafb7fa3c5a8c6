// End-to-end journeys in Debian's Chromium against a real server (see e2e/global-setup.ts).
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium.ts';

const executablePath = chromiumPath();

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  ...(process.env.CI ? { workers: 2 } : {}),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: process.env.CI ? 120_000 : 60_000,
  // CI shares two cores between the server, two workers and two Chromiums; on a loaded machine a
  // lazy page's first paint can take longer than 10 s, which is slowness, not a defect. A failing
  // wait still fails, only later.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
});
