// `npm test`: unit, integration and component tests (Vitest), then the web build and the
// end-to-end journeys (Playwright). Prints one closing line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'sv-test-'));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** The first lines of a failure, enough to tell which assertion and why. */
function firstLines(text = ''): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .map((line) => line.slice(0, 300))
    .join('\n    ');
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
// Failed Vitest tests, repeated at the very end: the build and e2e output would bury them.
const failures: string[] = [];

// 1. Vitest: shared, server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), web.
const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests;
  total.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push(`${where} › ${test.fullName}\n    ${firstLines(test.failureMessages[0])}`);
    }
    // A file that failed to load or in a hook has no failed test, only a message: it counts as
    // one failure, or the closing line would say 0 failed for a red run.
    if (failed.length === 0 && file.message) {
      failures.push(`${where}\n    ${firstLines(file.message)}`);
      total.failed += 1;
    }
  }
} else if (vitestStatus !== 0) {
  total.failed += 1;
}

// 2. The web build the e2e server serves.
const buildStatus = run('npm', ['run', 'build']);
if (buildStatus !== 0) total.failed += 1;

// 3. Playwright against a real server in Chromium.
let e2eStatus = 0;
if (buildStatus === 0 && process.env.SKIP_E2E !== '1') {
  const e2eReport = path.join(reports, 'playwright.json');
  e2eStatus = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport });
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    total.passed += stats.expected + stats.flaky;
    total.failed += stats.unexpected;
    total.skipped += stats.skipped;
  } else if (e2eStatus !== 0) {
    total.failed += 1;
  }
}

if (failures.length > 0) {
  console.log(`\nVitest failures (${failures.length}):`);
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}

const isFailure = vitestStatus !== 0 || buildStatus !== 0 || e2eStatus !== 0 || total.failed > 0;
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(isFailure ? 1 : 0);
