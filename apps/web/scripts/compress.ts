// After `vite build`: writes .br and .gz beside every text asset so the server sends them
// precompressed (@fastify/static `preCompressed`), with no compression work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The build folder scripts/build.ts is filling (its first argument), else dist/.
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
const appPage = path.join(dist, 'index.html');

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    // The prerendered pages and index.html are never sent as files: the server fills them in
    // (the year; the CSP nonce) and compresses them itself.
    if (statSync(full).isDirectory()) {
      if (name !== 'prerendered') yield* files(full);
    } else if (full !== appPage && compressible.test(name) && statSync(full).size > 1024) {
      yield full;
    }
  }
}

let count = 0;
for (const file of files(dist)) {
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`Precompressed ${count} files in ${path.relative(process.cwd(), dist)}`);
