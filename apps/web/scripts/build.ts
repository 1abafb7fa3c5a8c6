// `npm run build`: the web app, built into a fresh folder under .builds/ and then made current
// by pointing the symbolic link dist → .builds/<build> at it with one rename, which is atomic. A
// server already running keeps the folder it resolved when it started (apps/server/src/http/spa.ts),
// so a build beside it — another start's, a deploy's — never takes its files away mid-request, as
// building into dist/ in place did (its index.html missing: 500s). The three newest builds are kept,
// older ones removed.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const builds = path.join(web, '.builds');
const dist = path.join(web, 'dist');
const kept = 3;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

mkdirSync(builds, { recursive: true });
const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const out = path.join(builds, name);
const ssr = path.join(builds, `${name}.ssr`);

run('vite', ['build', '--outDir', out, '--emptyOutDir']);
run('vite', ['build', '--ssr', 'src/prerender.tsx', '--outDir', ssr]);
run(process.execPath, [path.join(import.meta.dirname, 'prerender.ts'), out, ssr]);
rmSync(ssr, { recursive: true, force: true });
run(process.execPath, [path.join(import.meta.dirname, 'compress.ts'), out]);

// A dist/ left by a build before this one is a folder, which a link cannot replace in one
// rename: it moves into .builds/ once.
if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) {
  renameSync(dist, path.join(builds, `${name}-before`));
}
const link = path.join(web, `.dist-${process.pid}`);
rmSync(link, { force: true });
symlinkSync(path.relative(web, out), link);
renameSync(link, dist);

const older = readdirSync(builds)
  .filter((entry) => !entry.endsWith('.ssr'))
  .sort()
  .reverse()
  .slice(kept);
for (const entry of older) rmSync(path.join(builds, entry), { recursive: true, force: true });
console.log(`Built ${path.relative(process.cwd(), out)}; dist now points at it.`);
