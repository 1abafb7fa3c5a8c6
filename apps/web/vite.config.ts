import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerStylesAsFile()],
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
