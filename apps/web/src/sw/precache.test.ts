import { describe, expect, it } from 'vitest';
import { precacheOf, type ViteManifest } from './precache';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js'],
    css: ['assets/index-c3.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js', imports: ['_shared-d4.js'] },
  '_shared-d4.js': { file: 'assets/shared-d4.js', css: ['assets/shared-e5.css'] },
  'src/home.ts': { file: 'assets/home-f6.js', isEntry: true, imports: ['_shared-d4.js'] },
  'src/app/routes/dashboard.tsx': { file: 'assets/dashboard-g7.js', imports: ['_react-b2.js'] },
  'src/sw/service-worker.ts': { file: 'sw.js', isEntry: true },
};

describe('the precache of a build', () => {
  it('holds each entry with what it imports at once and their stylesheets, not lazy pages', () => {
    const { urls } = precacheOf(manifest, [], []);
    expect(urls).toEqual([
      '/assets/home-f6.js',
      '/assets/index-a1.js',
      '/assets/index-c3.css',
      '/assets/react-b2.js',
      '/assets/shared-d4.js',
      '/assets/shared-e5.css',
    ]);
  });

  it('adds the public files and pages but not robots.txt, source maps or the worker itself', () => {
    const { urls } = precacheOf(
      manifest,
      ['favicon.svg', 'robots.txt', 'icons/icon-192.png', 'theme-init.js', 'theme-init.js.map'],
      ['/', '/about'],
    );
    expect(urls).toContain('/favicon.svg');
    expect(urls).toContain('/icons/icon-192.png');
    expect(urls).toContain('/theme-init.js');
    expect(urls).toContain('/');
    expect(urls).toContain('/about');
    expect(urls).not.toContain('/robots.txt');
    expect(urls).not.toContain('/sw.js');
    expect(urls.some((url) => url.endsWith('.map'))).toBe(false);
  });

  it('names a new version only when the list changes', () => {
    const first = precacheOf(manifest, ['favicon.svg'], ['/']);
    expect(precacheOf(manifest, ['favicon.svg'], ['/']).version).toBe(first.version);
    const rebuilt: ViteManifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, file: 'assets/index-z9.js' },
    };
    expect(precacheOf(rebuilt, ['favicon.svg'], ['/']).version).not.toBe(first.version);
  });

  it('fails the build when an import is missing from the manifest', () => {
    expect(() =>
      precacheOf({ 'index.html': { file: 'a.js', isEntry: true, imports: ['_gone.js'] } }, [], []),
    ).toThrow(/_gone\.js/);
  });
});
