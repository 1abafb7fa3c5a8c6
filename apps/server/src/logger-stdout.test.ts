// The log's stdout once its reader has gone (EPIPE): the process still exits when told to. With
// pino's default destination (sonic-boom 4) two lines logged after the reader went, then
// process.exit, kept the process alive forever, retrying the write every 100 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(path.join(os.tmpdir(), 'sv-logger-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A process that logs a line, waits for its reader to go, logs more and exits with 0. */
function loggingProcess(lines: number) {
  const script = path.join(folder, `log-${lines}.ts`);
  const logger = pathToFileURL(path.join(import.meta.dirname, 'logger.ts')).href;
  writeFileSync(
    script,
    `import { createLogger } from ${JSON.stringify(logger)};
const log = createLogger('info');
log.info('started');
process.stdin.once('data', () => {
  for (let i = 0; i < ${lines}; i++) log.info({ i, pad: 'x'.repeat(2000) }, 'after the reader went');
  process.exit(0);
});
`,
  );
  return spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
}

describe('the log on stdout', () => {
  it.each([2, 1000])(
    'lets the process exit after %i lines met a closed pipe',
    async (lines) => {
      const child = loggingProcess(lines);
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await new Promise((resolve) => child.stdout.once('data', resolve));
      child.stdout.destroy();
      child.stdin.write('go\n');
      const code = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 10_000),
        ),
      ]);
      if (code === 'still running') child.kill('SIGKILL');
      expect(code).toBe(0);
    },
    20_000,
  );
});
