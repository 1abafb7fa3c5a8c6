// `npm test`: the web build, then side by side the unit, integration and component tests
// (Vitest) and the end-to-end journeys (Playwright) against that build. Prints one closing
// line: "tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'sv-test-'));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

const running = new Set<ChildProcess>();

/**
 * Runs a suite beside the other. Two suites writing to one terminal tear each other's lines, so
 * each line is passed on whole with the suite's label in front, and the suite's own output is
 * kept unlabelled in `<label>.log` in the reports folder.
 */
function runBeside(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  const logPath = path.join(reports, `${label}.log`);
  const log = openSync(logPath, 'w');
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.add(child);

  const forward = (from: Readable, to: NodeJS.WriteStream) => {
    let partial = '';
    const emit = (line: string) => {
      // Synchronous, so nothing is lost to process.exit at the end.
      writeSync(log, `${line}\n`);
      to.write(`[${label}] ${line}\n`);
    };
    from.setEncoding('utf8');
    from.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) emit(line);
    });
    from.on('end', () => {
      if (partial !== '') emit(partial);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);

  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[${label}] ${error.message}`);
    });
    // 'close' waits for the last lines still in the pipes after the exit; but a process the
    // suite left behind (a server) holds them open for ever, so they get five seconds, no more.
    child.on('exit', () => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 5_000).unref();
    });
    child.on('close', (code) => {
      running.delete(child);
      closeSync(log);
      console.log(`[${label}] exited with ${code ?? 'a signal'}; full output: ${logPath}`);
      resolve(code ?? 1);
    });
  });
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
// Failed Vitest tests, repeated at the very end: the e2e output beside them would bury them.
const failures: string[] = [];

// 1. The web build the e2e server serves, finished before Playwright starts. Vitest does not
// need it, so a failed build still lets Vitest run.
const buildStatus = run('npm', ['run', 'build']);
if (buildStatus !== 0) total.failed += 1;

// 2. Vitest (shared, server on PGlite and PostgreSQL when TEST_DATABASE_URL is set, web) and
// Playwright (a real server in Chromium) at once. Worker counts stay as configured (Vitest:
// cores − 1, so one on two cores; Playwright: two in CI), so each suite runs as it did alone and
// only the wall clock changes.
// A signal to `npm test` stops both suites, with SIGINT: Playwright stops its server on SIGINT
// but dies on SIGTERM and leaves it running. The summary prints once both have exited.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGINT');
  });
}
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'playwright.json');
const runE2e = buildStatus === 0 && process.env.SKIP_E2E !== '1';
const [vitestStatus, e2eStatus] = await Promise.all([
  runBeside('unit', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]),
  runE2e
    ? runBeside('e2e', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport })
    : 0,
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

if (runE2e) {
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    total.passed += stats.expected + stats.flaky;
    total.failed += stats.unexpected;
    total.skipped += stats.skipped;
    // A run that failed outside any test (global setup, say) still writes a report, with 0
    // unexpected: it counts as one failure, as a Vitest file that failed to load does.
    if (stats.unexpected === 0 && e2eStatus !== 0) total.failed += 1;
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
