import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderedPages } from '@secure-vault/shared/prerender';
import { precacheOf, type ViteManifest } from './src/sw/precache.ts';

/**
 * sonner inserts its rules as a `<style>` element when it loads, which our CSP refuses (style-src
 * has no 'unsafe-inline'); src/lib/sonner.ts loads the same rules from sonner's stylesheet file
 * instead, so the build takes the insertion out. The build only: the dev server sends no CSP.
 */
function sonnerStylesAsFile(): Plugin {
  const insertion = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
  return {
    name: 'sonner-styles-as-file',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!insertion.test(code)) {
        this.error(
          'sonner no longer inserts its CSS with __insertCSS("…"): see src/lib/sonner.ts.',
        );
      }
      return { code: code.replace(insertion, ''), map: null };
    },
  };
}

/** Every file of the public folder, by its path inside it (`icons/icon-192.png`). */
function publicFilesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'),
    );
}

/**
 * The service worker (src/sw/service-worker.ts) as /sw.js at the root of the build, its scope
 * the whole site, with the precache of this build (src/sw/precache.ts) in place of
 * `self.__SV_PRECACHE__`. It must stay a classic script: no import or export may be left in it.
 */
function serviceWorker(): Plugin {
  const placeholder = 'self.__SV_PRECACHE__';
  let publicDir = '';
  return {
    name: 'service-worker',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: 'src/sw/service-worker.ts', fileName: 'sw.js' });
    },
    // After the files are written: Vite's manifest is complete only then.
    writeBundle(options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset' || !options.dir) {
        this.error('The service worker needs the build manifest (build.manifest).');
      }
      // cast: the manifest Vite itself wrote for this build.
      const manifest = JSON.parse(String(manifestAsset.source)) as ViteManifest;
      const pages = Object.values(prerenderedPages);
      const precache = precacheOf(manifest, publicFilesOf(publicDir), pages);
      const file = path.join(options.dir, 'sw.js');
      const code = readFileSync(file, 'utf8');
      if (code.split(placeholder).length !== 2 || /^\s*(import|export)\b/m.test(code)) {
        this.error('sw.js must hold self.__SV_PRECACHE__ once and no import or export.');
      }
      writeFileSync(
        file,
        code.replace(placeholder, () => JSON.stringify(precache)),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerStylesAsFile(), serviceWorker()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // Two entries: the app, and the small script of the prerendered home page
    // (scripts/prerender.ts finds it through the manifest).
    manifest: true,
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        home: path.resolve(import.meta.dirname, 'src/home.ts'),
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
